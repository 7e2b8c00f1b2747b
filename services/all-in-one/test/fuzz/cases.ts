import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { brokenObjectFor, ODD_STRINGS, valueFor, WRONG_TYPE, type Schema } from "./schema-arbitrary";

/** Who sends a case: nobody, a guest (cookie), a user or an admin (bearer token), or a forged token. */
export type Role = "anonymous" | "guest" | "user" | "admin" | "forged";
export const ROLES: readonly Role[] = ["anonymous", "guest", "user", "admin", "forged"];

/** One operation of the OpenAPI document, as the fuzzer reads it. */
export interface FuzzOperation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: "path" | "query"; required?: boolean; schema: Schema }>;
  body?: Schema;
}

/** One HTTP request to send. */
export interface FuzzCase {
  role: Role;
  method: string;
  /** Path and query, already encoded (possibly badly, on purpose). */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was odd about it, for the report. */
  label: string;
}

/** Operations read from an OpenAPI 3.1 document's paths. */
export function operationsOf(document: { paths: Record<string, Record<string, { parameters?: FuzzOperation["parameters"]; requestBody?: { content: Record<string, { schema: Schema }> } }>> }): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, parameters: operation.parameters ?? [], body: operation.requestBody?.content["application/json"]?.schema })),
  );
}

/** Percent-encodes every byte of the UTF-8 form except unreserved characters (lone surrogates become U+FFFD). */
export function encodeSegment(value: string): string {
  return [...Buffer.from(value, "utf8")].map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)).join("");
}

/** Escapes no decoder accepts: truncated, non-hex, overlong UTF-8, an encoded lone surrogate, bare %. */
export const MALFORMED_ESCAPES = ["%", "%zz", "%ff%fe", "%C0%AF", "%E0%A4%A", "%ED%A0%80", "%F0%9F%98", "%%41", "%u0041", "a%", "%2", "%0", "%00", "..%2F..%2F"] as const;

const segment = (schema: Schema) =>
  fc.oneof(
    { weight: 4, arbitrary: valueFor(schema).map((value) => ({ text: encodeSegment(typeof value === "string" && value ? value : String(value ?? "x") || "x"), odd: "" })) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES).map((text) => ({ text, odd: `path ${text}` })) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS.filter(Boolean)).map((value) => ({ text: encodeSegment(value), odd: "odd path" })) },
  );

function queryValue(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item) ?? ""));
  return [typeof value === "string" ? value : (JSON.stringify(value) ?? "")];
}

function queryString(values: Record<string, unknown>): string {
  const pairs = Object.entries(values).flatMap(([name, value]) => queryValue(value).map((item) => `${encodeSegment(name)}=${encodeSegment(item)}`));
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

function queryFor(operation: FuzzOperation): fc.Arbitrary<{ text: string; odd: string }> {
  const params = operation.parameters.filter((parameter) => parameter.in === "query");
  const schema: Schema = { type: "object", properties: Object.fromEntries(params.map((p) => [p.name, p.schema])), required: params.filter((p) => p.required).map((p) => p.name) };
  const name = params.length > 0 ? fc.constantFrom(...params.map((p) => p.name)) : fc.constantFrom("q", "userId");
  return fc.oneof(
    { weight: 4, arbitrary: valueFor(schema).map((value) => ({ text: queryString(value as Record<string, unknown>), odd: "" })) },
    { weight: 2, arbitrary: brokenObjectFor(schema).map((value) => ({ text: queryString(value as Record<string, unknown>), odd: "broken query" })) },
    { weight: 1, arbitrary: fc.tuple(name, fc.constantFrom(...MALFORMED_ESCAPES)).map(([key, escape]) => ({ text: `?${key}=${escape}`, odd: `query ${escape}` })) },
    { weight: 1, arbitrary: name.map((key) => ({ text: `?${key}[a][b]=1&${key}[]=2&${key}=3`, odd: "nested query" })) },
  );
}

/** JSON texts and bytes that are not what a JSON body should be. */
const RAW_BODIES: ReadonlyArray<string | Buffer> = [
  "",
  "{",
  '{"a":',
  "[1,]",
  "null",
  '"\\ud800"',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  '{"a":"\\uZZZZ"}',
  "[".repeat(20_000) + "]".repeat(20_000),
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]),
];

function bodyFor(operation: FuzzOperation): fc.Arbitrary<{ bytes?: Buffer; odd: string }> {
  const json = (value: unknown, odd: string) => ({ bytes: Buffer.from(JSON.stringify(value) ?? "null", "utf8"), odd });
  const schema = operation.body;
  // fetch sends no body with GET (and a GET body means nothing to the gateway).
  if (operation.method === "GET") return fc.constant({ odd: "" });
  const options: Array<fc.WeightedArbitrary<{ bytes?: Buffer; odd: string }>> = [
    { weight: 1, arbitrary: fc.constant({ odd: schema ? "no body" : "" }) },
    { weight: 1, arbitrary: WRONG_TYPE.map((value) => json(value, "body of the wrong type")) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ bytes: Buffer.isBuffer(raw) ? raw : Buffer.from(raw, "utf8"), odd: "raw body" })) },
  ];
  if (schema) {
    options.push({ weight: 6, arbitrary: valueFor(schema).map((value) => json(value, "")) });
    options.push({ weight: 4, arbitrary: brokenObjectFor(schema).map((value) => json(value, "broken body")) });
  }
  return fc.oneof(...options);
}

const CONTENT_TYPES = [
  "application/json; charset=koi8-r",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/json; charset=\u00e9",
  'application/json; charset="',
  "application/json;;;",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/vnd.api+json",
  "*/*",
  "",
];
const ENCODINGS = ["gzip", "deflate", "br", "compress", "x-unknown", "gzip, gzip", "GZIP", "identity"];

const transport = fc.record({
  contentType: fc.oneof({ weight: 6, arbitrary: fc.constantFrom("application/json", "application/json; charset=utf-8") }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
  encoding: fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constant("gzip (real)") }, { weight: 2, arbitrary: fc.constantFrom(...ENCODINGS) }),
  language: fc.constantFrom("ar", "en", "en-US,en;q=0.9", "fr", "*", "ar;q=abc"),
});

/** Requests for one operation: mostly well-formed with some part made odd, from every role. */
export function casesFor(operation: FuzzOperation): fc.Arbitrary<FuzzCase> {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === "path");
  const path = fc.tuple(...pathParams.map((parameter) => segment(parameter.schema))).map((segments) => {
    let text = operation.path;
    pathParams.forEach((parameter, index) => (text = text.replace(`{${parameter.name}}`, segments[index]!.text)));
    return { text, odd: segments.map((s) => s.odd).filter(Boolean).join(", ") };
  });
  return fc.record({ role: fc.constantFrom(...ROLES), path, query: queryFor(operation), body: bodyFor(operation), transport }).map(({ role, path, query, body, transport }) => {
    const headers: Record<string, string> = { "accept-language": transport.language };
    let bytes = body.bytes;
    if (bytes) {
      if (transport.contentType) headers["content-type"] = transport.contentType;
      if (transport.encoding === "gzip (real)") {
        bytes = gzipSync(bytes);
        headers["content-encoding"] = "gzip";
      } else if (transport.encoding) headers["content-encoding"] = transport.encoding;
    }
    const odd = [path.odd, query.odd, body.odd, bytes && transport.contentType !== "application/json" ? `content-type ${JSON.stringify(transport.contentType)}` : "", bytes && transport.encoding ? `content-encoding ${transport.encoding}` : ""];
    return { role, method: operation.method, url: path.text + query.text, headers, body: bytes, label: odd.filter(Boolean).join("; ") || "well-formed" };
  });
}
