import { setTimeout as sleep } from "node:timers/promises";
import { ChatService } from "@qai/contracts";
import {
  AppError,
  GrpcServer,
  checkHealth,
  createLogger,
  createServiceClient,
  currentRequestContext,
  serveGrpc,
  withRequestContext,
  type CallContext,
  type ClientOf,
  type HandlersOf,
  type RunningService,
} from "@qai/platform";
import { TRANSPORTS } from "./transports";

const logger = createLogger({ service: "test", level: "silent" });

/** What the handlers saw, per server. */
interface Seen {
  requestIds: string[];
  /** The reasons the handlers' signals gave, in order. */
  aborts: unknown[];
  /** Streams whose `finally` ran. */
  closedStreams: number;
}

/** How the unary handler answers (each test sets it). */
let unaryBehaviour: "answer" | "wait-for-abort" | "sleep-then-answer" = "answer";

function waitForAbort(context: CallContext): Promise<never> {
  return new Promise((_, reject) => context.signal.addEventListener("abort", () => reject(context.signal.reason as Error), { once: true }));
}

function chatHandlers(seen: Seen): HandlersOf<typeof ChatService> {
  return {
    async listProviders(_request, context) {
      seen.requestIds.push(context.requestId, currentRequestContext()?.requestId ?? "");
      context.signal.addEventListener("abort", () => seen.aborts.push(context.signal.reason), { once: true });
      if (unaryBehaviour === "wait-for-abort") await waitForAbort(context);
      if (unaryBehaviour === "sleep-then-answer") await sleep(100);
      return { providers: [{ id: "qai-local", label: "QAI-1.0", available: true }, { id: "partial" }] };
    },
    async *ask(request, context) {
      seen.requestIds.push(context.requestId, currentRequestContext()?.requestId ?? "");
      context.signal.addEventListener("abort", () => seen.aborts.push(context.signal.reason), { once: true });
      try {
        if (request.question === "refuse") {
          throw new AppError("resource_exhausted", "no questions left", { userMessage: { ar: "نفدت الأسئلة", en: "No questions left" }, details: { limit: 5, at: new Date(0) } });
        }
        if (request.question === "crash") throw new Error("database exploded");
        if (request.question === "defaults") {
          yield { event: { case: "userMessage", value: { conversationId: `${request.conversationId === ""}:${request.owner === undefined}:${request.language}` } } };
          return;
        }
        const count = request.question === "endless" ? 1_000 : 3;
        for (let index = 0; index < count && !context.signal.aborted; index++) {
          yield { event: { case: "chunk", value: { content: `part ${index}` } } };
          await sleep(request.question === "endless" ? 20 : 1);
        }
      } finally {
        seen.closedStreams++;
      }
    },
  };
}

async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 2000) throw new Error("timed out waiting");
    await sleep(10);
  }
}

async function drain(messages: AsyncIterable<unknown>): Promise<unknown> {
  try {
    for await (const _ of messages) void _;
    return undefined;
  } catch (error) {
    return error;
  }
}

describe.each(TRANSPORTS)("service calls over %s", (_transport, bindAddress) => {
  let service: RunningService;
  let server: GrpcServer;
  let client: ClientOf<typeof ChatService>;
  let seen: Seen;

  beforeAll(async () => {
    seen = { requestIds: [], aborts: [], closedStreams: 0 };
    server = new GrpcServer(logger).add(ChatService, chatHandlers(seen));
    service = await serveGrpc("chat", server, bindAddress, async () => undefined);
    await service.ready;
    client = createServiceClient(ChatService, service.address);
  });
  beforeEach(() => {
    seen.requestIds.length = 0;
    seen.aborts.length = 0;
    seen.closedStreams = 0;
    unaryBehaviour = "answer";
  });
  afterAll(async () => {
    client.close();
    await service.stop(100);
  });

  it("makes unary calls with full typed messages and carries the request id", async () => {
    const response = await withRequestContext({ requestId: "req-123" }, () => client.listProviders({}));
    expect(response.$typeName).toBe("qai.chat.v1.ListProvidersResponse");
    expect(response.providers).toMatchObject([
      { id: "qai-local", label: "QAI-1.0", available: true },
      { id: "partial", label: "", available: false },
    ]);
    expect(seen.requestIds).toEqual(["req-123", "req-123"]);
  });

  it("gives a call without a request context a request id of its own", async () => {
    await client.listProviders({});
    const [id, inContext] = seen.requestIds;
    expect(id).toMatch(/^[\w-]{36}$/);
    expect(inContext).toBe(id);
  });

  it("streams server messages in order, as full messages, to handlers that see defaults", async () => {
    const parts: string[] = [];
    for await (const message of withRequestContext({ requestId: "req-stream" }, () => client.ask({ question: "hello" }))) {
      if (message.event.case === "chunk") parts.push(message.event.value.content);
    }
    expect(parts).toEqual(["part 0", "part 1", "part 2"]);
    expect(seen.requestIds).toEqual(["req-stream", "req-stream"]);
    const messages = [];
    for await (const message of client.ask({ question: "defaults" })) messages.push(message);
    expect(messages[0]?.event).toMatchObject({ case: "userMessage", value: { conversationId: "true:true:0", messageId: "" } });
  });

  it("maps typed errors to status codes and back, with the user message and details", async () => {
    const error = await drain(client.ask({ question: "refuse" }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "resource_exhausted", message: "no questions left", userMessage: { en: "No questions left" }, details: { limit: 5, at: new Date(0).toISOString() } });
  });

  it("hides internal error details from the client", async () => {
    const error = (await drain(client.ask({ question: "crash" }))) as AppError;
    expect(error.code).toBe("internal");
    expect(error.message).toBe("internal error");
  });

  it("cancels the server's stream when the client aborts", async () => {
    const controller = new AbortController();
    let received = 0;
    const error = await drain(
      (async function* () {
        for await (const message of client.ask({ question: "endless" }, { signal: controller.signal })) {
          received++;
          if (received === 2) controller.abort();
          yield message;
        }
      })(),
    );
    expect(error).toMatchObject({ code: "cancelled" });
    await eventually(() => seen.closedStreams === 1);
    expect(seen.aborts).toMatchObject([{ code: "cancelled" }]);
    expect(received).toBeLessThan(5);
  });

  it("cancels the server's stream when the consumer leaves its loop", async () => {
    for await (const message of client.ask({ question: "endless" })) {
      expect(message.event.case).toBe("chunk");
      break;
    }
    await eventually(() => seen.closedStreams === 1);
    expect(seen.aborts).toMatchObject([{ code: "cancelled" }]);
  });

  it("cancels a unary call at once when the client aborts, and the handler sees it", async () => {
    unaryBehaviour = "wait-for-abort";
    const controller = new AbortController();
    const call = client.listProviders({}, { signal: controller.signal });
    await eventually(() => seen.requestIds.length > 0);
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: "cancelled" });
    await eventually(() => seen.aborts.length === 1);
    expect(seen.aborts).toMatchObject([{ code: "cancelled" }]);
    await expect(client.listProviders({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: "cancelled" });
  });

  it("enforces deadlines on unary calls and streams, on both sides", async () => {
    unaryBehaviour = "wait-for-abort";
    await expect(client.listProviders({}, { timeoutMs: 50 })).rejects.toMatchObject({ code: "deadline_exceeded" });
    await eventually(() => seen.aborts.length === 1);
    expect(seen.aborts).toMatchObject([{ code: "deadline_exceeded" }]);
    expect(await drain(client.ask({ question: "endless" }, { timeoutMs: 50 }))).toMatchObject({ code: "deadline_exceeded" });
    await eventually(() => seen.closedStreams === 1);
  });

  it("answers health for the server and each service", async () => {
    expect(await checkHealth(service.address)).toBe(true);
    expect(await checkHealth(service.address, "qai.chat.v1.ChatService")).toBe(true);
    expect(await checkHealth(service.address, "qai.other.v1.Unknown")).toBe(false);
    server.setServing(false, "qai.chat.v1.ChatService");
    expect(await checkHealth(service.address, "qai.chat.v1.ChatService")).toBe(false);
    server.setServing(true);
    expect(await checkHealth(service.address, "qai.chat.v1.ChatService")).toBe(true);
  });
});

describe.each(TRANSPORTS)("shutting down a server called over %s", (_transport, bindAddress) => {
  let seen: Seen;
  let service: RunningService;
  let client: ClientOf<typeof ChatService>;

  beforeEach(async () => {
    seen = { requestIds: [], aborts: [], closedStreams: 0 };
    service = await serveGrpc("chat", new GrpcServer(logger).add(ChatService, chatHandlers(seen)), bindAddress, async () => undefined);
    client = createServiceClient(ChatService, service.address);
  });
  afterEach(() => client.close());

  it("lets in-flight calls finish within the grace period, then refuses calls and reports not serving", async () => {
    unaryBehaviour = "sleep-then-answer";
    const call = client.listProviders({});
    await eventually(() => seen.requestIds.length > 0);
    await service.stop(2000);
    expect((await call).providers).toHaveLength(2);
    unaryBehaviour = "answer";
    await expect(client.listProviders({})).rejects.toMatchObject({ code: "unavailable" });
    expect(await checkHealth(service.address)).toBe(false);
  });

  it("cancels calls still running after the grace period", async () => {
    unaryBehaviour = "wait-for-abort";
    const call = client.listProviders({}).catch((error: unknown) => error);
    await eventually(() => seen.requestIds.length > 0);
    const started = Date.now();
    await service.stop(50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen.aborts).toMatchObject([{ code: "unavailable" }]);
    expect(await call).toBeInstanceOf(AppError);
  });
});

describe("in-process calls", () => {
  it("refuse an address nothing serves, as unavailable", async () => {
    const client = createServiceClient(ChatService, "in-process:nobody#1");
    await expect(client.listProviders({})).rejects.toMatchObject({ code: "unavailable" });
    expect(await drain(client.ask({ question: "hello" }))).toMatchObject({ code: "unavailable" });
    expect(await checkHealth("in-process:nobody#1")).toBe(false);
    expect(await checkHealth("127.0.0.1:1")).toBe(false);
  });

  it("give callers the very errors a gRPC client receives", async () => {
    const thrown: unknown[] = [
      new AppError("not_found", "no such conversation", { userMessage: { ar: "المحادثة غير موجودة", en: "No such conversation" } }),
      new AppError("invalid_argument", "bad owner", { details: { field: "owner", when: new Date(0), nested: { list: [1, "two"] } } }),
      new AppError("internal", "disk full at /var/lib/secret"),
      new TypeError("cannot read properties of undefined"),
      "a thrown string",
    ];
    let next = 0;
    const handlers = {
      ...chatHandlers({ requestIds: [], aborts: [], closedStreams: 0 }),
      listProviders: async () => {
        throw thrown[next];
      },
    };
    const received: Array<Array<Record<string, unknown>>> = [];
    for (const [, bindAddress] of TRANSPORTS) {
      const service = await serveGrpc("chat", new GrpcServer(logger).add(ChatService, handlers), bindAddress, async () => undefined);
      const client = createServiceClient(ChatService, service.address);
      const errors: Array<Record<string, unknown>> = [];
      for (next = 0; next < thrown.length; next++) {
        const error = (await client.listProviders({}).catch((e: unknown) => e)) as AppError;
        expect(error).toBeInstanceOf(AppError);
        errors.push({ code: error.code, message: error.message, userMessage: error.userMessage, details: error.details, text: error.messageFor("ar") });
      }
      received.push(errors);
      client.close();
      await service.stop(100);
    }
    expect(received[1]).toEqual(received[0]);
    expect(received[0]!.map((error) => error.code)).toEqual(["not_found", "invalid_argument", "internal", "internal", "internal"]);
    expect(JSON.stringify(received[0])).not.toMatch(/secret|undefined|thrown/);
  });
});
