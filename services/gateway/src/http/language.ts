import type { IncomingHttpHeaders } from "node:http";
import Negotiator from "negotiator";

export type Language = "ar" | "en";

/** What the caller's language is read from: an Express request or a JSON read's call. */
export interface LanguageSource {
  headers: IncomingHttpHeaders;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The language to talk to this caller in: the body's `language`, else the query's, else Accept-Language, else Arabic. */
export function requestLanguage(request: LanguageSource): Language {
  const fromBody = (request.body as { language?: unknown } | undefined)?.language;
  if (fromBody === "en" || fromBody === "ar") return fromBody;
  const fromQuery = request.query?.language ?? request.query?.lang;
  if (fromQuery === "en" || fromQuery === "ar") return fromQuery;
  const accepted = new Negotiator({ headers: request.headers }).language(["ar", "en"]);
  return accepted === "en" ? "en" : "ar";
}
