import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { AppError, type AppErrorOptions, type ErrorCode, type UserMessage } from "@qai/platform";
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

export type CheckReply = { id: number; ok: true; value: CheckedUploads[UploadRoute] } | { id: number; ok: false; error: CheckFailure };

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
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  constructor(private readonly inlineBodyBytes = INLINE_BODY_BYTES) {}

  /** `body` as `lawFileBody` left it: the bytes of a UTF-8 body, or the value `express.json` parsed. */
  async check<R extends UploadRoute>(route: R, body: unknown): Promise<CheckedUploads[R]> {
    if (!(body instanceof Uint8Array)) return checkParsedUpload(route, body);
    if (body.byteLength <= this.inlineBodyBytes) return checkUploadBytes(route, body);
    return this.inWorker(route, body);
  }

  /** Ends the worker; checks still waiting fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    this.failWaiting(new Error("the law-file checker was closed"));
  }

  private inWorker<R extends UploadRoute>(route: R, bytes: Uint8Array): Promise<CheckedUploads[R]> {
    const worker = (this.worker ??= this.startWorker());
    const id = this.nextId++;
    // A body that owns its memory (a large one does) moves to the worker instead of being copied.
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    return new Promise<CheckedUploads[R]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, route, bytes } satisfies CheckCall, owned ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  private startWorker(): Worker {
    const worker = spawnCheckWorker();
    worker.on("message", (reply: CheckReply) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.ok) waiting?.resolve(reply.value as never);
      else waiting?.reject(toError(reply.error));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failWaiting(error);
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the law-file worker exited with code ${code}`)));
    worker.unref();
    return worker;
  }

  private failWaiting(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

/** The compiled worker (dist); from the TypeScript sources (jest, tsx) the worker compiles them with tsx as it loads them. */
function spawnCheckWorker(): Worker {
  const compiled = join(__dirname, "law-file-worker.js");
  if (existsSync(compiled)) return new Worker(compiled);
  const source = join(__dirname, "law-file-worker.ts");
  const code = `require(require.resolve("tsx/cjs", { paths: [${JSON.stringify(__dirname)}] }));\nrequire(${JSON.stringify(source)});`;
  return new Worker(code, { eval: true });
}
