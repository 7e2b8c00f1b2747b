import { create } from "@bufbuild/protobuf";
import request from "supertest";
import { GuestSessionSchema } from "@qai/contracts";
import { AppError } from "@qai/platform";
import type { GatewayApp } from "../src/app";
import { bareGateway } from "./bare-gateway";

const SESSION = "guest-session-1";

/** The gateway's two lanes: JSON reads answered on the bare request, everything else by Express. */
describe("the JSON reads lane", () => {
  let app: GatewayApp;
  const sessionsAsked: string[] = [];
  let providersFail = false;

  beforeAll(() => {
    const guestSession = create(GuestSessionSchema, { sessionId: SESSION, questionsAsked: 2, questionLimit: 5, remainingQuestions: 3 });
    app = bareGateway({
      backendHealth: { snapshot: async () => [["quota", true]] },
      quota: {
        createGuestSession: async () => ({ session: guestSession }),
        getGuestSession: async ({ sessionId }: { sessionId: string }) => {
          sessionsAsked.push(sessionId);
          return { session: guestSession };
        },
      },
      chat: {
        listProviders: async () => {
          if (providersFail) throw new Error("database on fire");
          throw new AppError("unavailable", "chat is down", { userMessage: { ar: "الخدمة غير متاحة.", en: "The service is unavailable." } });
        },
      },
    });
  });

  it("reads the guest cookie Express signed, and refuses a tampered one", async () => {
    const created = await request(app).post("/api/guest-session").send({});
    expect(created.status).toBe(201);
    const cookie = created.headers["set-cookie"]![0]!.split(";")[0]!;
    const status = await request(app).get("/api/guest-session/status").set("cookie", cookie);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ sessionId: SESSION, questionsUsed: 2, questionsRemaining: 3, limit: 5 });
    expect(sessionsAsked).toEqual([SESSION]);
    const tampered = await request(app).get("/api/guest-session/status").set("cookie", cookie.replace(SESSION, "guest-session-2"));
    expect(tampered.status).toBe(404);
    expect(sessionsAsked).toEqual([SESSION]);
  });

  it("gives its answers the envelope Express's get: request id, the same security headers; and is never cached", async () => {
    const read = await request(app).get("/healthz").set("x-request-id", "probe-1");
    const routed = await request(app).get("/api/no-such-route");
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ status: "ok" });
    expect(read.headers["x-request-id"]).toBe("probe-1");
    expect(read.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(routed.status).toBe(404);
    expect(routed.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    for (const header of ["content-security-policy", "strict-transport-security", "x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-opener-policy"]) {
      expect(read.headers[header]).toBeDefined();
      expect(read.headers[header]).toBe(routed.headers[header]);
    }
    expect(read.headers["x-powered-by"]).toBeUndefined();
  });

  it("matches paths as Express does (case, one trailing slash), answers HEAD without a body, and leaves other methods to Express", async () => {
    expect((await request(app).get("/HealthZ/")).status).toBe(200);
    const head = await request(app).head("/readyz");
    expect(head.status).toBe(200);
    expect(head.text ?? "").toBe("");
    const post = await request(app).post("/api/guest-session/status").send({});
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ code: "not_found", error: "المسار المطلوب غير موجود." });
  });

  it("answers a refusal in the caller's language, and an internal failure without its details", async () => {
    const arabic = await request(app).get("/api/chat/providers");
    expect(arabic.status).toBe(503);
    expect(arabic.body).toEqual({ code: "unavailable", error: "الخدمة غير متاحة." });
    const english = await request(app).get("/api/chat/providers").set("accept-language", "en-GB,en;q=0.9");
    expect(english.body.error).toBe("The service is unavailable.");
    expect((await request(app).get("/api/chat/providers?language=en")).body.error).toBe("The service is unavailable.");
    providersFail = true;
    const internal = await request(app).get("/api/chat/providers").set("accept-language", "en");
    expect(internal.status).toBe(500);
    expect(internal.body.code).toBe("internal");
    expect(JSON.stringify(internal.body)).not.toContain("fire");
  });
});
