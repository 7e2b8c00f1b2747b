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

/** body-parser's typed errors. */
const BY_TYPE = new Map<string, AppError>([
  ["entity.parse.failed", MALFORMED_JSON],
  ["entity.too.large", TOO_LARGE],
  ["parameters.too.many", TOO_LARGE],
  ["charset.unsupported", UNSUPPORTED_CHARSET],
  ["encoding.unsupported", UNSUPPORTED_ENCODING],
  ["request.aborted", UNREADABLE_BODY],
  ["request.size.invalid", UNREADABLE_BODY],
]);

/** Other http-errors with these statuses (no body-parser type). */
const BY_STATUS = new Map<number, AppError>([
  [413, TOO_LARGE],
  [415, UNSUPPORTED_ENCODING],
]);

interface HttpLayerError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  errno?: unknown;
  code?: unknown;
}

/** zlib failed to inflate a body that is not what its Content-Encoding says. */
const isZlibError = ({ errno, code }: HttpLayerError) => typeof errno === "number" || /^Z_/.test(String(code));

/**
 * A client's mistake the HTTP layer noticed (body-parser's typed errors, a path Express could not
 * decode, a body that does not inflate as its Content-Encoding says, any other 4xx http-error) as a
 * typed error with its 4xx status and a message in both languages; undefined for anything else.
 */
export function fromHttpLayer(error: unknown): AppError | undefined {
  if (error === null || typeof error !== "object") return undefined;
  const fields = error as HttpLayerError;
  const byType = typeof fields.type === "string" ? BY_TYPE.get(fields.type) : undefined;
  if (byType) return byType;
  if (error instanceof URIError) return MALFORMED_PATH;
  const status = [fields.status, fields.statusCode].find((value): value is number => typeof value === "number");
  if (status === undefined || status < 400 || status > 499) return undefined;
  if (isZlibError(fields)) return UNREADABLE_BODY;
  return BY_STATUS.get(status) ?? clientError(status, error instanceof Error ? error.message : "client error", BAD_REQUEST);
}
