import express, { type Request, type RequestHandler } from "express";
import { BODY_TOO_LARGE, invalidFile } from "./law-files";

/**
 * Maps body-parser's errors for an upload route: too large is the upload's 413 (naming the limits),
 * bad JSON the spec's 400; the rest (charset, Content-Encoding, a broken body) go to the error handler.
 */
function uploadErrors(read: RequestHandler): RequestHandler {
  return (request, response, next) => {
    read(request, response, (error?: unknown) => {
      const type = (error as { type?: string } | undefined)?.type;
      if (type === "entity.too.large") return next(BODY_TOO_LARGE);
      if (type === "entity.parse.failed") {
        const reason = error instanceof Error ? error.message : "";
        return next(invalidFile("the upload", { en: `not valid JSON (${reason})`, ar: `ليس JSON صالحًا (${reason})` }));
      }
      next(error);
    });
  };
}

/** A JSON body parser for one upload route: its own size limit; the spec's message for bad JSON. */
export function uploadBody(limitBytes: number): RequestHandler {
  return uploadErrors(express.json({ limit: limitBytes }));
}

/** No charset (JSON's default) or exactly UTF-8: the only bodies read as bytes. */
const UTF8_OR_NONE = /^[^;]*(?:;\s*charset\s*=\s*(?:utf-8|"utf-8")\s*)?$/i;

function isUtf8(request: Request): boolean {
  const type = request.headers["content-type"] ?? "";
  return UTF8_OR_NONE.test(type);
}

/**
 * A law-file upload body, read but not parsed: a UTF-8 JSON body becomes a Buffer (`request.body`),
 * parsed later off the event loop if large (see `LawFileChecker`); any other charset is parsed here,
 * as `uploadBody` does, so UTF-16 and refused charsets answer exactly as before. Size limit,
 * Content-Encoding and errors are the same on both paths (both are body-parser's `read`).
 */
export function lawFileBody(limitBytes: number): RequestHandler {
  const raw = uploadErrors(express.raw({ type: "application/json", limit: limitBytes }));
  const json = uploadBody(limitBytes);
  return (request, response, next) => (isUtf8(request) ? raw(request, response, next) : json(request, response, next));
}
