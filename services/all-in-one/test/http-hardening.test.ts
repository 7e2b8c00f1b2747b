import { connect } from "node:net";
import { runAdminCli } from "../../accounts/src/admin-cli";
import { signUp, startTestProduct, type SignedUp, type TestProduct } from "./test-product";

/**
 * Issue 11, findings 7 and 8: client mistakes in the HTTP layer (charset, Content-Encoding,
 * malformed path escapes) are 4xx with a message in both languages, never 500; and the proxied
 * /auth/v1 responses carry the same security headers as the rest of the product.
 */
const ADMIN = "hardening-admin@example.com";

let running: TestProduct;
let guestCookie: string;
let user: SignedUp;
let admin: SignedUp;

async function call(method: string, path: string, { headers = {}, body, as }: { headers?: Record<string, string>; body?: string; as?: "guest" | SignedUp } = {}) {
  const auth: Record<string, string> = as === "guest" ? { cookie: guestCookie } : as ? { authorization: `Bearer ${as.token}` } : {};
  const response = await fetch(`${running.base}${path}`, { method, headers: { ...headers, ...auth }, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as { error: string; code: string } };
}

beforeAll(async () => {
  running = await startTestProduct();
  guestCookie = (await fetch(`${running.base}/api/guest-session`, { method: "POST" })).headers.get("set-cookie")!.split(";")[0]!;
  user = await signUp(running.base, "hardening-user@example.com");
  admin = await signUp(running.base, ADMIN);
  await runAdminCli(["grant", ADMIN], { DATA_DIR: running.dataDir }, { out: () => undefined, err: () => undefined });
  await call("POST", "/api/users", { as: admin, headers: { "content-type": "application/json" }, body: "{}" });
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

describe("client errors in the HTTP layer", () => {
  const ask = JSON.stringify({ question: "ما هي مدة فترة التجربة؟", language: "ar", conversationId: null });

  it.each(["koi8-r", "latin1"])("415 for a JSON body in charset %s, in Arabic by default and in English when asked", async (charset) => {
    for (const [path, as] of [["/api/chat/ask-stream", "guest"], ["/api/favorites", user], ["/api/feedback", "guest"]] as const) {
      const response = await call("POST", path, { as, headers: { "content-type": `application/json; charset=${charset}` }, body: ask });
      expect([path, response.status]).toEqual([path, 415]);
      expect(response.json().error).toContain("UTF-8");
      expect(response.json().error).toMatch(/[\u0600-\u06FF]/);
    }
    const english = await call("POST", "/api/chat/ask-stream", { as: "guest", headers: { "content-type": `application/json; charset=${charset}`, "accept-language": "en" }, body: ask });
    expect(english.json()).toEqual({ code: "invalid_argument", error: "The request body's character set is not supported. Please send UTF-8." });
  });

  it("400 for a plain body sent as Content-Encoding: gzip; 415 for an encoding the server does not know", async () => {
    const gzip = await call("POST", "/api/chat/ask-stream", { as: "guest", headers: { "content-type": "application/json", "content-encoding": "gzip", "accept-language": "en" }, body: ask });
    expect(gzip.status).toBe(400);
    expect(gzip.json().error).toMatch(/Content-Encoding/);
    const unknown = await call("PUT", "/api/users/theme", { as: user, headers: { "content-type": "application/json", "content-encoding": "compress" }, body: "{}" });
    expect(unknown.status).toBe(415);
  });

  it("400 for malformed escapes in paths, whoever asks", async () => {
    const cases: Array<[string, string, "guest" | SignedUp | undefined]> = [
      ["GET", "/api/messages/%zz", "guest"],
      ["GET", "/api/messages/%zz", user],
      ["GET", "/api/knowledge/articles/%ff%fe", undefined],
      ["GET", "/api/admin/knowledge/export/law/%", admin],
      ["DELETE", "/api/favorites/%C0%AF", user],
      ["DELETE", "/api/conversations/%ED%A0%80", user],
      ["DELETE", "/api/documents/%E0%A4%A", admin],
    ];
    for (const [method, path, as] of cases) {
      const response = await call(method, path, { as, headers: { "accept-language": "en" } });
      expect([method, path, response.status, response.json()]).toEqual([method, path, 400, { code: "invalid_argument", error: "The request path contains a malformed escape (an invalid % sequence)." }]);
    }
  });
});

describe("requests the HTTP parser refuses", () => {
  /** Raw HTTP over a socket: fetch cannot send a malformed request line. */
  async function raw(request: string): Promise<{ status: number; contentType: string; body: { error: string; code: string } }> {
    const socket = connect(Number(new URL(running.base).port), "127.0.0.1");
    socket.end(request);
    let text = "";
    for await (const chunk of socket) text += String(chunk);
    const [head = "", body = ""] = text.split("\r\n\r\n");
    return { status: Number(head.split(" ")[1]), contentType: /content-type: (.*)/i.exec(head)?.[1] ?? "", body: JSON.parse(body) as { error: string; code: string } };
  }

  it("an over-long URL is a 431 with a JSON error in both languages; a malformed request line a 400", async () => {
    const long = await raw(`GET /api/conversations/history?x=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(long.status).toBe(431);
    expect(long.contentType).toMatch(/application\/json/);
    expect(long.body.code).toBe("invalid_argument");
    expect(long.body.error).toMatch(/أطول من المسموح/);
    expect(long.body.error).toMatch(/longer than allowed/);
    const malformed = await raw("GET / HTTP/9.9 nonsense\r\n\r\n");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/could not be read/);
    // The server still answers normally afterwards.
    expect((await call("GET", "/healthz")).status).toBe(200);
  });
});

describe("security headers on proxied auth responses", () => {
  it("/auth/v1 answers carry helmet's headers, and the proxy still streams request bodies", async () => {
    for (const response of [await call("GET", "/auth/v1/health"), await call("GET", "/auth/v1/user"), await call("POST", "/auth/v1/token?grant_type=password", { headers: { "content-type": "application/json" }, body: JSON.stringify({ email: user.email, password: "correct horse" }) })]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=/);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    }
    const signIn = await call("POST", "/auth/v1/token?grant_type=password", { headers: { "content-type": "application/json" }, body: JSON.stringify({ email: user.email, password: "correct horse" }) });
    expect(signIn.status).toBe(200);
    expect(JSON.parse(signIn.text)).toHaveProperty("access_token");
  });

  it("the dev mailbox keeps its own stricter Content-Security-Policy", async () => {
    const mailbox = await call("GET", "/dev/mailbox");
    expect(mailbox.status).toBe(200);
    expect(mailbox.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(mailbox.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
