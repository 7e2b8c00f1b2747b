import { defineConfig, type ProxyOptions } from "vite";
import react from "@vitejs/plugin-react";

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
  plugins: [react()],
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
