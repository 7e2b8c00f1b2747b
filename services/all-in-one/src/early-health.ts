import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { setImmediate as nextTurn } from "node:timers/promises";

const STARTING = {
  en: "QAI is starting; please try again in a moment.",
  ar: "يجري تشغيل QAI؛ يرجى المحاولة مرة أخرى بعد لحظات.",
};

function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  const path = (request.url ?? "/").split("?")[0];
  const english = /^en\b/i.test(request.headers["accept-language"] ?? "");
  const [status, body] =
    path === "/healthz"
      ? [200, { status: "ok" }]
      : path === "/readyz"
        ? [503, { status: "not_ready" }]
        : [503, { error: english ? STARTING.en : STARTING.ar, code: "unavailable" }];
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", connection: "close", ...(status === 503 && { "retry-after": "1" }) });
  response.end(JSON.stringify(body));
}

/**
 * The product's port from the first milliseconds of the process, while its modules load and its services
 * start: /healthz 200 (the process is alive), /readyz and everything else 503 with Retry-After. Undefined
 * when PORT is not a fixed port or cannot be bound now (then the gateway reports it as before).
 */
export async function listenEarly(environment: NodeJS.ProcessEnv): Promise<Server | undefined> {
  const port = Number(environment.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) return undefined;
  const server = createServer(answerStarting);
  try {
    await once(server.listen(port, environment.HOST ?? "127.0.0.1"), "listening");
    return server;
  } catch {
    return undefined;
  }
}

/**
 * The product's modules, heaviest first, loaded one at a time with a turn of the event loop between them
 * (loading them all at once holds the loop for ~0.5 s, during which the early server could not answer).
 */
const MODULES = [
  "zod",
  "@qai/platform",
  "@qai/record-store",
  "@qai/event-bus",
  "@qai/search-index",
  "@qai/auth",
  "@qai/accounts",
  "@qai/admin-analytics",
  "@qai/gateway",
  "@qai/chat",
  "@qai/conversation",
  "@qai/knowledge",
  "@qai/quota",
];

export async function loadModules(): Promise<void> {
  for (const name of MODULES) {
    await nextTurn();
    await import(name);
  }
}
