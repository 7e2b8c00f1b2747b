/**
 * The one HTTP client of the web app.
 *
 * Every call goes to the same origin (the dev server proxies /api to the gateway), carries the
 * cookies (guest session) and speaks JSON. Any non-OK response throws an {@link ApiError} whose
 * message is `${status}: ${body text or statusText}` (spec §8).
 */

export class ApiError extends Error {
  readonly status: number;
  /** The raw response body text ("" when the body was empty or unreadable). */
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

type JsonBody = Record<string, unknown> | readonly unknown[];

/** Returns the signed-in user's access token (or null for guests); set by the auth layer. */
let accessTokenSource: () => string | null = () => null;

/** Called once by the auth layer: every request then carries `Authorization: Bearer <token>` when signed in. */
export function setAccessTokenSource(source: () => string | null): void {
  accessTokenSource = source;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Serialized as JSON with a JSON content type. */
  json?: JsonBody;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Spec §8: a 401 raises by default; with "empty" it yields an empty result instead. */
  on401?: "throw" | "empty";
}

function withQuery(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/**
 * Sends a request and returns the OK response untouched (for streams and other non-JSON bodies).
 * Throws {@link ApiError} for any non-OK status; network failures and aborts propagate as thrown
 * by fetch (an abort is a DOMException named "AbortError").
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const token = accessTokenSource();
  if (token && !Object.keys(headers).some((name) => name.toLowerCase() === "authorization")) {
    headers.Authorization = `Bearer ${token}`;
  }
  let body: string | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    credentials: "include",
    signal: options.signal,
  });
  if (response.status === 401 && options.on401 === "empty") {
    return new Response(null, { status: 204 });
  }
  if (!response.ok) {
    let text = "";
    try {
      text = await response.text();
    } catch {
      // The body could not be read; the status text stands in for it.
    }
    throw new ApiError(response.status, response.statusText, text);
  }
  return response;
}

/** Sends a request and parses the JSON response (an empty body yields `undefined`). */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * The message a server put in an error body, if any, preferring the given language when the
 * server sent both (e.g. `{ "error": { "message": { "ar": "…", "en": "…" } } }`).
 */
export function serverMessage(error: unknown, language: string): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(error.body);
  } catch {
    // A short plain-text body is a message in itself; an HTML error page is not.
    const text = error.body.trim();
    return text && text.length <= 300 && !text.startsWith("<") ? text : undefined;
  }
  return pickMessage(parsed, language, 0);
}

function pickMessage(value: unknown, language: string, depth: number): string | undefined {
  if (depth > 3 || value === null || value === undefined) return undefined;
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const localized = record[language];
  if (typeof localized === "string" && localized.trim()) return localized.trim();
  for (const key of [`message_${language}`, `message${language === "ar" ? "Ar" : "En"}`, "message", "error", "detail"]) {
    const found = pickMessage(record[key], language, depth + 1);
    if (found) return found;
  }
  return undefined;
}
