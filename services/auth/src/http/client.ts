import type { Request } from "express";
import type { ClientInfo } from "../app/context";

/**
 * The caller's address and user agent. `request.ip` honours X-Forwarded-For only when the direct
 * peer is a trusted proxy (AUTH_TRUSTED_PROXIES, Express "trust proxy"), so it cannot be spoofed.
 */
export function clientOf(request: Request): ClientInfo {
  const userAgent = request.get("user-agent");
  return { ip: request.ip ?? request.socket.remoteAddress ?? "unknown", ...(userAgent ? { userAgent } : {}) };
}
