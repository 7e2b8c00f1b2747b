import { AppError, spawnModuleWorker, WorkerCalls, type AppErrorOptions, type ErrorCode, type UserMessage, type WorkerReply } from "@qai/platform";
import { checkParsedUpload, checkUploadBytes, type CheckedUploads, type UploadRoute } from "./law-file-uploads";

/** Bodies up to this size are checked on the event loop (a few ms); larger ones in the worker. */
export const INLINE_BODY_BYTES = 1024 * 1024;

export interface CheckCall {
  id: number;
  route: UploadRoute;
  bytes: Uint8Array;
}

/** A refused body's error as data (an `AppError`'s fields), or an unexpected failure (message only). */
export interface CheckFailure {
  code?: ErrorCode;
  message: string;
  status?: number;
  userMessage?: UserMessage;
  details?: Record<string, unknown>;
}

export type CheckReply = WorkerReply<CheckFailure>;

/** The worker's refusal, answered with its status (400 or 413); no `status` field, which the error handler reads as an HTTP-layer error. */
class RefusedUpload extends AppError {
  constructor(
    private readonly answerStatus: number,
    code: ErrorCode,
    message: string,
    options: AppErrorOptions,
  ) {
    super(code, message, options);
  }

  override get httpStatus(): number {
    return this.answerStatus;
  }
}

function toError({ code, message, status, userMessage, details }: CheckFailure): Error {
  return code && status ? new RefusedUpload(status, code, message, { userMessage, details }) : new Error(message);
}

/**
 * Checks law-file upload bodies (`law-file-uploads.ts`). A large body (a full replace is 15–30 MB)
 * is decoded, parsed, checked and re-serialised in a worker thread, so the gateway keeps answering
 * meanwhile; the worker starts on the first large body and does not keep the process alive when idle.
 * If it dies, the checks waiting on it fail and the next one starts a fresh worker.
 */
export class LawFileChecker {
  private readonly calls = new WorkerCalls<CheckFailure>(() => spawnModuleWorker(__dirname, "law-file-worker"), "the law-file worker", toError);

  constructor(private readonly inlineBodyBytes = INLINE_BODY_BYTES) {}

  /** `body` as `lawFileBody` left it: the bytes of a UTF-8 body, or the value `express.json` parsed. */
  async check<R extends UploadRoute>(route: R, body: unknown): Promise<CheckedUploads[R]> {
    if (!(body instanceof Uint8Array)) return checkParsedUpload(route, body);
    if (body.byteLength <= this.inlineBodyBytes) return checkUploadBytes(route, body);
    return this.inWorker(route, body);
  }

  /** Ends the worker; checks still waiting fail. */
  close(): Promise<void> {
    return this.calls.close();
  }

  private inWorker<R extends UploadRoute>(route: R, bytes: Uint8Array): Promise<CheckedUploads[R]> {
    // A body that owns its memory (a large one does) moves to the worker instead of being copied.
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    return this.calls.call({ route, bytes } satisfies Omit<CheckCall, "id">, owned ? [bytes.buffer as ArrayBuffer] : []);
  }
}
