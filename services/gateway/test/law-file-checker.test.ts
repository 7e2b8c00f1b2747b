import { gzipSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { createLogger } from "@qai/platform";
import { errorHandler } from "../src/http/errors";
import { UPLOAD_LIMITS } from "../src/http/law-files";
import { lawFileBody, uploadBody } from "../src/http/upload-body";
import { LawFileChecker } from "../src/routes/law-file-checker";
import { checkParsedUpload, type UploadRoute } from "../src/routes/law-file-uploads";

const LIMIT = 64 * 1024;

const checkers = { inline: new LawFileChecker(LIMIT), worker: new LawFileChecker(0) };

afterAll(async () => {
  await Promise.all(Object.values(checkers).map((checker) => checker.close()));
});

/**
 * Each route three ways: as the gateway read law files before (`express.json`, then the checks on
 * the event loop), and as bytes checked on the event loop or in the worker thread.
 */
function app() {
  const server = express();
  for (const route of ["upload", "replace", "update-law"] as const satisfies readonly UploadRoute[]) {
    server.post(`/before/${route}`, uploadBody(LIMIT), (req, res) => {
      res.json(checkParsedUpload(route, req.body));
    });
    for (const [name, checker] of Object.entries(checkers)) {
      server.post(`/${name}/${route}`, lawFileBody(LIMIT), async (req, res) => {
        res.json(await checker.check(route, req.body));
      });
    }
  }
  server.use(errorHandler(createLogger({ service: "test", level: "silent" })));
  return server;
}

const server = app();

async function answers(route: UploadRoute, body: string | Buffer, headers: Record<string, string>) {
  const replies = [];
  for (const path of ["before", "inline", "worker"]) {
    const reply = await request(server).post(`/${path}/${route}`).set({ "content-type": "application/json", "accept-language": "ar", ...headers }).send(body);
    replies.push({ path, status: reply.status, text: reply.text });
  }
  return replies;
}

const article = (n: number) => ({ articleNumber: n, articleContent: `نص المادة ${n}` });
const law = (lawName: string, extra: Record<string, unknown> = {}) => ({ lawName, articles: [article(1), article(2)], ...extra });

const CASES: Array<[string, UploadRoute, string | Buffer, Record<string, string>?]> = [
  ["a valid file", "upload", JSON.stringify({ ...law("نظام العمل"), fileName: "labor.json", uploadMode: "add" }), {}],
  ["a file without articles", "upload", JSON.stringify({ lawName: "نظام", articles: [] }), {}],
  ["replace mode on /upload", "upload", JSON.stringify({ ...law("نظام"), uploadMode: "replace" }), {}],
  ["an array", "upload", "[1, 2]", {}],
  ["an empty body", "upload", "", {}],
  ["broken JSON", "upload", '{"lawName": "x",', {}],
  ["a string (strict JSON)", "upload", '  "a law"', {}],
  ["a number (strict JSON)", "replace", "\n 42", {}],
  ["only spaces", "replace", "   ", {}],
  ["a byte-order mark", "upload", `\ufeff${JSON.stringify(law("نظام"))}`, {}],
  ["too deep", "upload", JSON.stringify(law("نظام", { notes: [[[[["deep"]]]]] })), {}],
  ["a valid replace", "replace", JSON.stringify({ files: [law("أ"), { ...law("ب"), fileName: "b.json" }], uploadMode: "replace" }), {}],
  ["a replace with one bad file", "replace", JSON.stringify({ files: [law("أ"), { lawName: "ب", articles: [{ articleNumber: 1 }] }] }), {}],
  ["no files", "replace", JSON.stringify({ files: [] }), {}],
  ["files not a list", "replace", JSON.stringify({ files: "nope" }), {}],
  ["too many files", "replace", JSON.stringify({ files: Array.from({ length: UPLOAD_LIMITS.maxFiles + 1 }, () => 1) }), {}],
  ["update-law with a file as text", "update-law", JSON.stringify({ lawNameToUpdate: " نظام ", fileData: JSON.stringify(law("نظام")) }), {}],
  ["update-law with bad text", "update-law", JSON.stringify({ lawNameToUpdate: "نظام", fileData: "{ nope", fileName: "n.json" }), {}],
  ["update-law without a file", "update-law", JSON.stringify({ lawNameToUpdate: "نظام" }), {}],
  ["a gzipped body", "replace", gzipSync(JSON.stringify({ files: [law("أ")] })), { "content-encoding": "gzip" }],
  ["a body that is not gzip", "replace", Buffer.from("not gzip"), { "content-encoding": "gzip" }],
  ["an unknown Content-Encoding", "replace", JSON.stringify({ files: [law("أ")] }), { "content-encoding": "compress" }],
  ["a body over the limit", "replace", JSON.stringify({ files: [law("أ", { notes: "x".repeat(LIMIT) })] }), {}],
  ["explicit UTF-8", "upload", JSON.stringify(law("نظام")), { "content-type": 'application/json; charset="UTF-8"' }],
  ["UTF-16", "upload", Buffer.from(JSON.stringify(law("نظام")), "utf16le"), { "content-type": "application/json; charset=utf-16le" }],
  ["an unsupported charset", "upload", JSON.stringify(law("نظام")), { "content-type": "application/json; charset=latin1" }],
  ["another content type", "replace", JSON.stringify({ files: [law("أ")] }), { "content-type": "text/plain" }],
];

describe("law-file bodies read as bytes and checked on the event loop or in a worker", () => {
  it.each(CASES)("answers %s exactly as express.json and the checks on the event loop did", async (_name, route, body, headers = {}) => {
    const [before, ...now] = await answers(route, body, headers);
    for (const reply of now) expect({ ...reply, path: "same" }).toEqual({ ...before, path: "same" });
  });

  it("moves a large body to the worker and answers its files, or the first bad file's error", async () => {
    const files: Array<Record<string, unknown>> = Array.from({ length: 40 }, (_, i) => law(`نظام ${i}`, { fileName: `${i}.json`, notes: "ن".repeat(50_000) }));
    const bytes = Buffer.from(JSON.stringify({ files }));
    const checked = await checkers.worker.check("replace", Buffer.from(bytes));
    expect(checked.files).toEqual(files.map((file) => ({ fileName: file.fileName, json: JSON.stringify(file) })));
    files[31] = { lawName: "نظام 31", articles: [] };
    const refused = checkers.worker.check("replace", Buffer.from(JSON.stringify({ files })));
    await expect(refused).rejects.toMatchObject({
      httpStatus: 400,
      code: "invalid_argument",
      userMessage: { en: 'One or more files contain invalid JSON or no articles: file 32 ("نظام 31"): the file has no articles' },
    });
  });
});
