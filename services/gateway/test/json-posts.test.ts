import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "@qai/platform";
import { JsonPosts } from "../src/http/json-posts";
import { VerifiedCookies } from "../src/http/verified-cookies";

/** The lane of long-lived JSON posts (the answer stream), on a bare node:http server. */
describe("the JSON posts lane", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const posts = new JsonPosts(
      [
        {
          path: "/api/echo",
          answer: async (call, response) => {
            response.end(JSON.stringify({ body: call.body, ip: call.ip }));
          },
        },
      ],
      new VerifiedCookies("a-cookie-secret"),
      createLogger({ level: "silent" }),
    );
    server = createServer((request, response) => {
      if (!posts.serve(request, response)) response.writeHead(418).end("not a post of the lane");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

  it("parses the JSON body and matches the path as Express does (case, one trailing slash, a query)", async () => {
    for (const path of ["/api/echo", "/API/Echo/", "/api/echo?x=1"]) {
      const response = await post(path, '{"question":"ما مدة الإجازة؟"}');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ body: { question: "ما مدة الإجازة؟" }, ip: "127.0.0.1" });
    }
    expect((await fetch(`${base}/api/echo`)).status).toBe(418);
    expect((await post("/api/other", "{}")).status).toBe(418);
  });

  it("takes the client's address from the X-Forwarded-For a loopback proxy sets", async () => {
    const response = await post("/api/echo", "{}", { "x-forwarded-for": "203.0.113.7" });
    expect((await response.json()).ip).toBe("203.0.113.7");
  });

  it("answers a malformed or oversized body with the HTTP layer's 4xx, in the caller's language", async () => {
    const malformed = await post("/api/echo", '{"question":', { "accept-language": "en" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "The request body is not valid JSON.", code: "invalid_argument" });
    const large = await post("/api/echo", JSON.stringify({ question: "x".repeat(70_000) }));
    expect(large.status).toBe(413);
    expect((await large.json()).error).toBe("حجم الطلب أكبر من المسموح.");
  });

  it("answers what the route throws before writing as a JSON error", async () => {
    const failing = new JsonPosts(
      [{ path: "/api/fail", answer: async () => Promise.reject(new Error("database on fire")) }],
      new VerifiedCookies("a-cookie-secret"),
      createLogger({ level: "silent" }),
    );
    const local = createServer((request, response) => void failing.serve(request, response));
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(local.address() as AddressInfo).port}/api/fail`, { method: "POST", headers: { "accept-language": "en" } });
      expect(response.status).toBe(500);
      expect((await response.json()).code).toBe("internal");
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });
});
