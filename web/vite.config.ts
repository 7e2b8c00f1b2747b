import { defineConfig, type ProxyOptions } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";

/** The gateway serves the API, the auth server and the health probes (override: QAI_GATEWAY_URL). */
const GATEWAY = process.env.QAI_GATEWAY_URL ?? "http://localhost:8080";

// SSE answers (/api/chat/ask-stream) pass through the proxy unbuffered; cookies are forwarded as-is.
const toGateway: ProxyOptions = { target: GATEWAY, changeOrigin: false, ws: false };
const proxy: Record<string, ProxyOptions> = {
  "/api": toGateway,
  "/auth": toGateway,
  "/healthz": toGateway,
  "/readyz": toGateway,
};

export default defineConfig({
  plugins: [
    react(),
    // A .br and a .gz beside every compressible file (not the source maps), served by the gateway
    // as the request's Accept-Encoding allows; a variant no smaller than the file is not written.
    compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest)$/ }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    manifest: true,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
