import { setTimeout as sleep } from "node:timers/promises";
import { ChatService } from "@qai/contracts";
import { AppError, GrpcServer, checkHealth, createLogger, createServiceClient, currentRequestContext, withRequestContext, type ClientOf } from "@qai/platform";

const logger = createLogger({ service: "test", level: "silent" });

describe("gRPC bridge", () => {
  let server: GrpcServer;
  let address: string;
  let client: ClientOf<typeof ChatService>;
  const seen: { requestIds: string[]; aborted: boolean } = { requestIds: [], aborted: false };

  beforeAll(async () => {
    server = new GrpcServer(logger).add(ChatService, {
      async listProviders(_request, context) {
        seen.requestIds.push(context.requestId, currentRequestContext()?.requestId ?? "");
        return { providers: [{ id: "qai-local", label: "QAI-1.0", available: true }] };
      },
      async *ask(request, context) {
        if (request.question === "refuse") {
          throw new AppError("resource_exhausted", "no questions left", { userMessage: { ar: "نفدت الأسئلة", en: "No questions left" } });
        }
        if (request.question === "crash") throw new Error("database exploded");
        const count = request.question === "endless" ? 1_000 : 3;
        for (let index = 0; index < count; index++) {
          if (context.signal.aborted) {
            seen.aborted = true;
            return;
          }
          yield { event: { case: "chunk", value: { content: `part ${index}` } } };
          await sleep(request.question === "endless" ? 20 : 1);
        }
      },
    });
    const port = await server.listen("127.0.0.1:0");
    address = `127.0.0.1:${port}`;
    server.setServing(true);
    client = createServiceClient(ChatService, address);
  });

  afterAll(async () => {
    client.close();
    await server.shutdown(100);
  });

  it("makes unary calls with typed messages and carries the request id", async () => {
    const response = await withRequestContext({ requestId: "req-123" }, () => client.listProviders({}));
    expect(response.providers).toHaveLength(1);
    expect(response.providers[0]).toMatchObject({ id: "qai-local", label: "QAI-1.0", available: true });
    expect(seen.requestIds).toEqual(["req-123", "req-123"]);
  });

  it("streams server messages in order", async () => {
    const parts: string[] = [];
    for await (const message of client.ask({ question: "hello" })) {
      if (message.event.case === "chunk") parts.push(message.event.value.content);
    }
    expect(parts).toEqual(["part 0", "part 1", "part 2"]);
  });

  it("maps typed errors to status codes and back, with the user message", async () => {
    const consume = async () => {
      for await (const _ of client.ask({ question: "refuse" })) void _;
    };
    const error = await consume().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "resource_exhausted", message: "no questions left", userMessage: { en: "No questions left" } });
  });

  it("hides internal error details from the client", async () => {
    const consume = async () => {
      for await (const _ of client.ask({ question: "crash" })) void _;
    };
    const error = (await consume().catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe("internal");
    expect(error.message).not.toContain("database");
  });

  it("cancels the server's work when the client aborts", async () => {
    const controller = new AbortController();
    let received = 0;
    const consume = async () => {
      for await (const _ of client.ask({ question: "endless" }, { signal: controller.signal })) {
        received++;
        if (received === 2) controller.abort();
      }
    };
    const error = await consume().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "cancelled" });
    await sleep(100);
    expect(seen.aborted).toBe(true);
    expect(received).toBeLessThan(5);
  });

  it("enforces deadlines", async () => {
    const consume = async () => {
      for await (const _ of client.ask({ question: "endless" }, { timeoutMs: 50 })) void _;
    };
    const error = await consume().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "deadline_exceeded" });
  });

  it("answers grpc.health.v1 for the server and each service", async () => {
    expect(await checkHealth(address)).toBe(true);
    expect(await checkHealth(address, "qai.chat.v1.ChatService")).toBe(true);
    server.setServing(false, "qai.chat.v1.ChatService");
    expect(await checkHealth(address, "qai.chat.v1.ChatService")).toBe(false);
    server.setServing(true);
    expect(await checkHealth("127.0.0.1:1")).toBe(false);
  });
});
