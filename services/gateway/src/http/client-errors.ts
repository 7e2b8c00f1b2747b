import { AppError, type AppErrorOptions, type ErrorCode, type UserMessage } from "@qai/platform";

/** An AppError answered with an HTTP status of its own (413, 415, …) rather than its code's. */
export class HttpStatusError extends AppError {
  constructor(
    readonly status: number,
    code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(code, message, options);
  }

  override get httpStatus(): number {
    return this.status;
  }
}

function clientError(status: number, message: string, userMessage: UserMessage): HttpStatusError {
  return new HttpStatusError(status, "invalid_argument", message, { userMessage });
}

export const MALFORMED_JSON = clientError(400, "malformed JSON body", { ar: "نص الطلب ليس JSON صالحًا.", en: "The request body is not valid JSON." });

export const TOO_LARGE = clientError(413, "request body too large", { ar: "حجم الطلب أكبر من المسموح.", en: "The request body is too large." });

export const UNSUPPORTED_CHARSET = clientError(415, "unsupported charset", {
  ar: "ترميز الأحرف في نص الطلب غير مدعوم. يرجى الإرسال بترميز UTF-8.",
  en: "The request body's character set is not supported. Please send UTF-8.",
});

export const UNSUPPORTED_ENCODING = clientError(415, "unsupported content encoding", {
  ar: "ترميز ضغط نص الطلب (Content-Encoding) غير مدعوم. يرجى الإرسال دون ضغط أو بـ gzip أو deflate أو br.",
  en: "The request body's Content-Encoding is not supported. Please send it uncompressed, or as gzip, deflate or br.",
});

export const UNREADABLE_BODY = clientError(400, "request body could not be read", {
  ar: "تعذرت قراءة نص الطلب: لا يطابق ترميز الضغط (Content-Encoding) أو الطول المعلن (Content-Length).",
  en: "The request body could not be read: it does not match its Content-Encoding or Content-Length.",
});

export const MALFORMED_PATH = clientError(400, "malformed percent-encoding in the path", {
  ar: "عنوان الطلب يحتوي على ترميز غير صالح (علامة % غير صحيحة).",
  en: "The request path contains a malformed escape (an invalid % sequence).",
});

const BAD_REQUEST: UserMessage = { ar: "تعذرت معالجة الطلب لأنه غير صالح.", en: "The request is not valid and could not be processed." };

const BY_TYPE: Record<string, AppError> = {
  "entity.parse.failed": MALFORMED_JSON,
  "entity.too.large": TOO_LARGE,
  "parameters.too.many": TOO_LARGE,
  "charset.unsupported": UNSUPPORTED_CHARSET,
  "encoding.unsupported": UNSUPPORTED_ENCODING,
  "request.aborted": UNREADABLE_BODY,
  "request.size.invalid": UNREADABLE_BODY,
};

/**
 * A client's mistake the HTTP layer noticed (body-parser's typed errors, a path Express could not
 * decode, a body that does not inflate as its Content-Encoding says, any other 4xx http-error) as a
 * typed error with its 4xx status and a message in both languages; undefined for anything else.
 */
export function fromHttpLayer(error: unknown): AppError | undefined {
  if (error === null || typeof error !== "object") return undefined;
  const { type, status, statusCode } = error as { type?: unknown; status?: unknown; statusCode?: unknown };
  if (typeof type === "string" && BY_TYPE[type]) return BY_TYPE[type];
  if (error instanceof URIError) return MALFORMED_PATH;
  const code = typeof status === "number" ? status : typeof statusCode === "number" ? statusCode : undefined;
  if (code === undefined || code < 400 || code > 499) return undefined;
  // zlib failures while inflating a body that is not what its Content-Encoding says.
  if (typeof (error as { errno?: unknown }).errno === "number" || /^Z_/.test(String((error as { code?: unknown }).code))) return UNREADABLE_BODY;
  if (code === 413) return TOO_LARGE;
  if (code === 415) return UNSUPPORTED_ENCODING;
  return clientError(code, error instanceof Error ? error.message : "client error", BAD_REQUEST);
}
