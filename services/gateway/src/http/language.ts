import type { Request } from "express";

export type Language = "ar" | "en";

/** The language to talk to this caller in: the body's `language`, else Accept-Language, else Arabic. */
export function requestLanguage(request: Request): Language {
  const fromBody = (request.body as { language?: unknown } | undefined)?.language;
  if (fromBody === "en" || fromBody === "ar") return fromBody;
  const fromQuery = request.query.language ?? request.query.lang;
  if (fromQuery === "en" || fromQuery === "ar") return fromQuery;
  const accepted = request.acceptsLanguages("ar", "en");
  return accepted === "en" ? "en" : "ar";
}
