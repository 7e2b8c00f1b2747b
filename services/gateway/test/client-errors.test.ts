import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { createLogger } from "@qai/platform";
import { errorHandler } from "../src/http/errors";

/** A JSON route and a route with a path parameter behind the gateway's body parser and error handler. */
function app() {
  const server = express();
  server.use(express.json({ limit: "1kb" }));
  server.post("/echo", (req, res) => {
    res.json({ body: req.body as unknown });
  });
  server.get("/things/:id", (req, res) => {
    res.json({ id: req.params.id });
  });
  server.delete("/things/:id", (req, res) => {
    res.json({ id: req.params.id });
  });
  server.use(errorHandler(createLogger({ level: "silent" })));
  return server;
}

const post = (contentType: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  request(app()).post("/echo").set({ "content-type": contentType, ...headers }).send(body);

describe("client errors are 4xx with a message in both languages, never 500", () => {
  it.each(["koi8-r", "latin1", "iso-8859-1", "windows-1256"])("415 for a JSON body in charset %s", async (charset) => {
    const response = await post(`application/json; charset=${charset}`, '{"a":1}');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ code: "invalid_argument", error: "ترميز الأحرف في نص الطلب غير مدعوم. يرجى الإرسال بترميز UTF-8." });
    const english = await post(`application/json; charset=${charset}`, '{"a":1}', { "accept-language": "en" });
    expect(english.body.error).toBe("The request body's character set is not supported. Please send UTF-8.");
  });

  it("415 for a Content-Encoding the server cannot inflate", async () => {
    for (const encoding of ["compress", "x-unknown"]) {
      const response = await post("application/json", '{"a":1}', { "content-encoding": encoding, "accept-language": "en" });
      expect(response.status).toBe(415);
      expect(response.body.error).toMatch(/Content-Encoding is not supported/);
    }
  });

  it("400 for a plain body that claims to be gzip or deflate; a real gzip body is read", async () => {
    for (const encoding of ["gzip", "deflate", "br"]) {
      const response = await post("application/json", '{"a":1}', { "content-encoding": encoding, "accept-language": "en" });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: "invalid_argument", error: "The request body could not be read: it does not match its Content-Encoding or Content-Length." });
    }
    const server = app().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const real = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        body: gzipSync('{"a":1}'),
      });
      expect(real.status).toBe(200);
      expect(await real.json()).toEqual({ body: { a: 1 } });
    } finally {
      server.close();
    }
  });

  it("400 for malformed JSON and 413 for a body over the limit, as before", async () => {
    expect((await post("application/json", "{")).status).toBe(400);
    const large = await post("application/json", JSON.stringify({ a: "x".repeat(2000) }), { "accept-language": "en" });
    expect(large.status).toBe(413);
    expect(large.body.error).toBe("The request body is too large.");
  });

  it.each(["%zz", "%ff%fe", "%", "%C0%AF", "%ED%A0%80", "%E0%A4%A"])("400 for the malformed path escape /things/%s", async (escape) => {
    for (const method of ["get", "delete"] as const) {
      const response = await request(app())[method](`/things/${escape}`).set("accept-language", "en");
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: "invalid_argument", error: "The request path contains a malformed escape (an invalid % sequence)." });
    }
    const arabic = await request(app()).get(`/things/${escape}`);
    expect(arabic.body.error).toBe("عنوان الطلب يحتوي على ترميز غير صالح (علامة % غير صحيحة).");
  });

  it("a well-formed escape still decodes", async () => {
    const response = await request(app()).get(`/things/${encodeURIComponent("نظام العمل")}`);
    expect(response.body).toEqual({ id: "نظام العمل" });
  });

  it("an unexpected error is still a 500 with the generic message", async () => {
    const server = express();
    server.get("/boom", () => {
      throw new Error("database exploded");
    });
    server.use(errorHandler(createLogger({ level: "silent" })));
    const response = await request(server).get("/boom").set("accept-language", "en");
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ code: "internal", error: "An unexpected error occurred. Please try again." });
  });
});
