import { z } from "zod";
import { validationFailed } from "../domain/errors";

/** A string field that may be absent or `null` (GoTrue decodes `null` as the zero value). */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);
/**
 * User metadata: a JSON object that may be absent or `null`. It travels in every access token, so
 * it is kept well below Node's 16 KiB header limit.
 */
const METADATA_MAX_CHARS = 8 * 1024;
const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .refine((value) => value == null || JSON.stringify(value).length <= METADATA_MAX_CHARS, { message: "must be at most 8 KiB of JSON" })
  .transform((value) => value ?? undefined);

// Unknown keys (gotrue_meta_security, factorId, …) are dropped, as GoTrue ignores them.
export const signUpBody = z.object({ email: text, phone: text, password: text, data: metadata, code_challenge: text, code_challenge_method: text });
export const resendBody = z.object({ type: text, email: text, code_challenge: text, code_challenge_method: text });
export const verifyBody = z.object({ type: text, token_hash: text, email: text, token: text });
export const passwordGrantBody = z.object({ email: text, phone: text, password: text });
export const refreshGrantBody = z.object({ refresh_token: text });
export const pkceGrantBody = z.object({ auth_code: text, code_verifier: text });
export const userUpdateBody = z.object({ password: text, email: text, phone: text, data: metadata, app_metadata: z.unknown().optional() });
/** Shown in authenticator apps and put in the otpauth URI and QR code (which holds ~2.3 kB): short, printable, well-formed. */
const ISSUER_MAX_CHARS = 100;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const issuer = z
  .string()
  .max(ISSUER_MAX_CHARS, { message: `must be at most ${ISSUER_MAX_CHARS} characters` })
  .refine((value) => !LONE_SURROGATE.test(value), { message: "must be valid Unicode text (no lone surrogates)" })
  .refine((value) => !/\p{Cc}/u.test(value), { message: "must not contain control characters" })
  .nullish()
  .transform((value) => value ?? undefined);
export const enrollBody = z.object({ factor_type: text, friendly_name: text, issuer });
export const factorVerifyBody = z.object({ challenge_id: text, code: text });

/** The body parsed with `schema`; a wrong shape is a 400 `validation_failed` naming the field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const value = body ?? {};
  if (typeof value !== "object" || Array.isArray(value)) throw validationFailed("Request body must be a JSON object");
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationFailed(describe(result.error.issues[0]!));
}

/** A single query parameter (a repeated one is refused rather than guessed). */
export function queryParam(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw validationFailed(`Query parameter ${name} must be given once`);
  return value;
}

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join(".") || "body";
  if (issue.code === "invalid_type") return `${field} must be ${issue.expected === "record" ? "an object" : `a ${issue.expected}`}`;
  return `${field} ${issue.message}`;
}
