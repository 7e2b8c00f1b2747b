#!/usr/bin/env node
"use strict";
/**
 * The images' HEALTHCHECK (the slim image has no curl). Exit 0 when healthy, 1 otherwise.
 *   gateway     GET /healthz on PORT (default 8080): the process is up
 *   all-in-one  GET /readyz on PORT (default 8080): the whole product is ready
 *   auth        GET /auth/v1/health on AUTH_HTTP_PORT (default 9999), the API the gateway proxies to,
 *               and grpc.health.v1 Check("") on GRPC_PORT (default 50051), the admin API accounts calls
 *   any other   grpc.health.v1 Check("") on GRPC_PORT (default 50051): SERVING once its data is loaded
 */
const service = process.env.QAI_SERVICE ?? "";
const TIMEOUT_MS = 3000;

async function httpOk(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  return response.ok;
}

function grpcServing() {
  const { checkHealth } = require("@qai/platform");
  return checkHealth(`127.0.0.1:${process.env.GRPC_PORT || 50051}`, "", TIMEOUT_MS);
}

async function healthy() {
  if (service === "gateway") return httpOk(process.env.PORT || 8080, "/healthz");
  if (service === "all-in-one") return httpOk(process.env.PORT || 8080, "/readyz");
  if (service === "auth") {
    const [http, grpc] = await Promise.all([httpOk(process.env.AUTH_HTTP_PORT || 9999, "/auth/v1/health"), grpcServing()]);
    return http && grpc;
  }
  return grpcServing();
}

healthy().then(
  (ok) => process.exit(ok ? 0 : 1),
  () => process.exit(1),
);
