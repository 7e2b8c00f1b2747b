import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { webRoutes } from "../src/routes/web";

/** A built web app as `vite build` writes it: each compressible file with a `.br` and a `.gz` beside it. */
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${"<div></div>".repeat(50)}</body></html>`;
const SCRIPT = `export const answer = ${JSON.stringify("x".repeat(2000))};\n`;
const STYLE = `body { color: red; }\n${".a { margin: 0; }\n".repeat(50)}`;
const ICON = `<svg xmlns="http://www.w3.org/2000/svg"/>`;

let dist: string;
let server: Server;
let base: string;

function writeWithVariants(path: string, content: string): void {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "qai-web-dist-"));
  mkdirSync(join(dist, "assets"));
  writeWithVariants(join(dist, "index.html"), INDEX);
  writeWithVariants(join(dist, "assets/index-AbC123.js"), SCRIPT);
  writeWithVariants(join(dist, "assets/index-DeF456.css"), STYLE);
  writeFileSync(join(dist, "favicon.svg"), ICON); // too small to compress: no variants
  const app = express();
  app.use("/api", (_request, response) => {
    response.status(404).json({ code: "not_found" });
  });
  app.use(webRoutes(dist));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the body as sent (fetch and supertest would decode it). */
function get(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const IMMUTABLE = "public, max-age=31536000, immutable";

describe("the built web app is served precompressed by Accept-Encoding", () => {
  it("brotli when the client accepts it, even when it lists gzip first", async () => {
    for (const accept of ["gzip, deflate, br", "br", "br;q=0.5, gzip;q=1"]) {
      const response = await get("/assets/index-AbC123.js", { "accept-encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.headers["cache-control"]).toBe(IMMUTABLE);
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
    }
  });

  it("gzip when the client does not accept brotli", async () => {
    for (const accept of ["gzip", "gzip, deflate", "br;q=0, gzip"]) {
      const response = await get("/assets/index-DeF456.css", { "accept-encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(response.headers["content-type"]).toMatch(/^text\/css; charset=utf-8$/i);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.headers["cache-control"]).toBe(IMMUTABLE);
      expect(gunzipSync(response.body).toString()).toBe(STYLE);
    }
  });

  it("the file itself without an Accept-Encoding, or with only encodings it has no variant for", async () => {
    for (const headers of [{}, { "accept-encoding": "identity" }, { "accept-encoding": "deflate" }] as Record<string, string>[]) {
      const response = await get("/assets/index-AbC123.js", headers);
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.headers["cache-control"]).toBe(IMMUTABLE);
      expect(response.body.toString()).toBe(SCRIPT);
    }
  });

  it("index.html and other unhashed files are revalidated on every use", async () => {
    const index = await get("/index.html", { "accept-encoding": "gzip, br" });
    expect(index.status).toBe(200);
    expect(index.headers["content-encoding"]).toBe("br");
    expect(index.headers["content-type"]).toMatch(/^text\/html; charset=utf-8$/i);
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.headers.etag).toBeDefined();
    expect(brotliDecompressSync(index.body).toString()).toBe(INDEX);

    const icon = await get("/favicon.svg", { "accept-encoding": "gzip, br" });
    expect(icon.status).toBe(200);
    expect(icon.headers["content-encoding"]).toBeUndefined();
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("no-cache");
    expect(icon.body.toString()).toBe(ICON);
  });

  it("client-side routes get index.html, negotiated and not cached", async () => {
    for (const path of ["/", "/app", "/home?x=1", "/admin/deep/link"]) {
      const br = await get(path, { "accept-encoding": "gzip, deflate, br" });
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/^text\/html; charset=utf-8$/i);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(br.body).toString()).toBe(INDEX);

      const gzip = await get(path, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.body).toString()).toBe(INDEX);

      const plain = await get(path);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(INDEX);
    }
  });

  it("a missing build file is a 404, not index.html", async () => {
    for (const path of ["/assets/index-Gone99.js", "/assets/", "/assets/nested/missing.css"]) {
      const response = await get(path, { "accept-encoding": "gzip, br" });
      expect(response.status).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      expect(response.body.toString()).not.toContain("<html");
    }
  });

  it("leaves /api to the routes before it", async () => {
    const response = await get("/api/unknown", { "accept-encoding": "br" });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({ code: "not_found" });
  });
});
