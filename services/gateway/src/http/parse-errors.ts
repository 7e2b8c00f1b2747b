import type { Server } from "node:http";
import type { Socket } from "node:net";

/** Both languages: the request's own headers (its language among them) could not be read. */
const MESSAGES = {
  431: {
    reason: "Request Header Fields Too Large",
    error: "عنوان الطلب أو ترويساته أطول من المسموح. / The request's address or headers are longer than allowed.",
  },
  400: {
    reason: "Bad Request",
    error: "تعذرت قراءة الطلب لأنه غير صالح. / The request is malformed and could not be read.",
  },
} as const;

/**
 * A request Node's HTTP parser refuses before Express sees it (an over-long URL or header, a
 * malformed request line) gets the same JSON error shape as every other failure, in both languages,
 * instead of an empty 400/431.
 */
export function answerParseErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const { reason, error: message } = MESSAGES[status];
    const body = JSON.stringify({ error: message, code: "invalid_argument" });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
