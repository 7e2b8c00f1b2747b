/**
 * The worker thread of `LawFileChecker`: decodes, parses and checks one law-file route's body per
 * message, answering the checked files or the error (as data: code, status, both languages, details).
 */
import { parentPort } from "node:worker_threads";
import { isAppError } from "@qai/platform";
import { checkUploadBytes } from "./law-file-uploads";
import type { CheckCall, CheckReply } from "./law-file-checker";

const port = parentPort!;

function answer({ id, route, bytes }: CheckCall): CheckReply {
  try {
    return { id, ok: true, value: checkUploadBytes(route, bytes) };
  } catch (error) {
    if (!isAppError(error)) return { id, ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    const { code, message, httpStatus: status, userMessage, details } = error;
    return { id, ok: false, error: { code, message, status, userMessage, details } };
  }
}

port.on("message", (call: CheckCall) => port.postMessage(answer(call)));
