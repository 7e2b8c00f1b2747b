#!/usr/bin/env node
"use strict";
/**
 * The images' HEALTHCHECK (the slim image has no curl). Exit 0 when healthy, 1 otherwise.
 *   gateway     GET /healthz on PORT (default 8080): the process is up
 *   all-in-one  GET /readyz on PORT (default 8080): the whole product is ready
 *   any other   grpc.health.v1 Check("") on GRPC_PORT (default 50051): SERVING once its data is loaded
 */
const service = process.env.QAI_SERVICE ?? "";
const TIMEOUT_MS = 3000;

async function healthy() {
  if (service === "gateway" || service === "all-in-one") {
    const path = service === "gateway" ? "/healthz" : "/readyz";
    const response = await fetch(`http://127.0.0.1:${process.env.PORT || 8080}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return response.ok;
  }
  const { checkHealth } = require("@qai/platform");
  return checkHealth(`127.0.0.1:${process.env.GRPC_PORT || 50051}`, "", TIMEOUT_MS);
}

healthy().then(
  (ok) => process.exit(ok ? 0 : 1),
  () => process.exit(1),
);
