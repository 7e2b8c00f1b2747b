import type { ServerResponse } from "node:http";
import { z } from "zod";
import { Language, MAX_QUESTION_LENGTH } from "@qai/contracts";
import { AppError, isAppError, toAppError, type Logger } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import { AnswerSettlement } from "../http/answer-settlement";
import { citationJson } from "../http/citations";
import type { JsonPost, PostCall } from "../http/json-posts";
import { SseHeartbeat, SseStream } from "../http/sse";
import { validate } from "../http/validation";

export const askSchema = z.object({
  question: z.string().trim().min(1).max(MAX_QUESTION_LENGTH),
  userId: z.string().nullish(),
  language: z.enum(["ar", "en"]).default("ar"),
  conversationId: z.string().trim().max(100).nullish(),
  provider: z.string().trim().max(50).optional(),
});

const SHUTTING_DOWN = new AppError("unavailable", "server shutting down", {
  userMessage: {
    ar: "يُعاد تشغيل الخادم. يرجى إعادة إرسال سؤالك بعد لحظات.",
    en: "The server is restarting. Please send your question again in a moment.",
  },
});

/** Seconds a refused ask is told to wait (Retry-After) when the process is answering its cap. */
const BUSY_RETRY_AFTER_S = 5;

const BUSY = new AppError("unavailable", "too many answers in progress", {
  userMessage: {
    ar: "الخدمة مشغولة بالإجابة عن أسئلة كثيرة الآن. يرجى المحاولة بعد لحظات؛ لم يُحتسب سؤالك.",
    en: "We are answering a lot of questions right now. Please try again in a moment; your question was not counted.",
  },
});

/**
 * POST /api/chat/ask-stream: reserve a question from the caller's budget (guests also from their
 * IP address's daily cap), then stream the answer as server-sent events (a `: heartbeat` comment
 * every `heartbeatMs`, written by one timer for all open streams; the first piece of the answer is
 * sent at once). If the answer fails the question is refunded and an `{error}` event in the
 * request's language ends the stream; if the client goes away the gRPC call is cancelled, which
 * stops generation — a stopped answer keeps its question (stored) and its budget unit (spent).
 * Refused before anything is charged: 503 + Retry-After while the process streams its cap of
 * answers, 404 for a conversation that is not the caller's. `AnswerSettlement` tells quota how far
 * the question got, so a crash mid-answer is reconciled there.
 */
export function askStreamRoute(deps: GatewayDependencies): JsonPost {
  const heartbeat = new SseHeartbeat(deps.heartbeatMs);
  return { path: "/api/chat/ask-stream", answer: (call, response) => askStream(deps, heartbeat, call, response) };
}

async function askStream(deps: GatewayDependencies, heartbeat: SseHeartbeat, call: PostCall, response: ServerResponse): Promise<void> {
  const body = validate(askSchema, call.body);
  const { owner, email } = await deps.callers.callerOf(call, body.userId);
  // Before any quota is charged: a free answer slot in this process, and the conversation is the caller's.
  const controller = deps.streams.tryOpen();
  if (!controller) {
    response.setHeader("Retry-After", String(BUSY_RETRY_AFTER_S));
    throw BUSY;
  }
  let settlement: AnswerSettlement;
  try {
    if (body.conversationId) await deps.conversation.listMessages({ owner, conversationId: body.conversationId });
    const reservation = await deps.quota.reserve({ owner, clientIp: call.ip, accountEmail: email });
    settlement = new AnswerSettlement(deps, reservation.reservationId);
  } catch (error) {
    deps.streams.close(controller);
    throw error;
  }

  const clientGone = () => controller.abort(new AppError("cancelled", "client disconnected"));
  response.on("close", clientGone);
  const sse = new SseStream(response, heartbeat);
  let outcome: "answered" | "client-left" | "failed" = "failed";
  let firstPiece = true;
  try {
    const events = deps.chat.ask(
      { owner, question: body.question, conversationId: body.conversationId ?? "", language: body.language === "en" ? Language.EN : Language.AR, provider: body.provider ?? "" },
      { signal: controller.signal },
    );
    for await (const { event } of events) {
      if (event.case === "userMessage") {
        settlement.questionSaved();
        const { conversationId, messageId, provider, fallbackFrom, fallbackReason } = event.value;
        sse.send({ type: "userMessage", conversationId, messageId, ...(provider ? { provider } : {}), ...fallback(fallbackFrom, fallbackReason) });
      } else if (event.case === "chunk") {
        // The first piece goes out at once (first content latency); later ones may share a packet.
        if (firstPiece) sse.sendNow({ content: event.value.content });
        else sse.send({ content: event.value.content });
        firstPiece = false;
      } else if (event.case === "complete") {
        outcome = "answered";
        const { content, conversationId, messageId, citations, provider, fallbackFrom, fallbackReason, unverifiedCitations } = event.value;
        sse.send({
          isComplete: true,
          content,
          conversationId,
          messageId,
          citations: citations.map(citationJson),
          provider,
          ...fallback(fallbackFrom, fallbackReason),
          ...(unverifiedCitations.length > 0 ? { unverifiedCitations } : {}),
        });
      }
    }
    if (outcome !== "answered" && clientLeft(controller)) outcome = "client-left";
  } catch (error) {
    if (clientLeft(controller)) outcome = "client-left";
    else {
      const reason: unknown = controller.signal.reason;
      const failure = reason === SHUTTING_DOWN ? SHUTTING_DOWN : toAppError(error);
      logFailure(deps.logger, failure, error);
      sse.send({ error: failure.messageFor(body.language) });
    }
  } finally {
    response.off("close", clientGone);
    await settlement.settle(outcome);
    deps.streams.close(controller);
    sse.end();
  }
}

/** `fallbackFrom` (the provider asked for) and why it did not answer, when another one did. */
function fallback(fallbackFrom: string, reason: string): { fallbackFrom?: string; fallbackReason?: string } {
  return fallbackFrom ? { fallbackFrom, fallbackReason: reason } : {};
}

/** Used by the gateway's shutdown to end streams that outlive the grace period. */
export const shutdownReason = SHUTTING_DOWN;

function clientLeft(controller: AbortController): boolean {
  const reason: unknown = controller.signal.reason;
  return controller.signal.aborted && isAppError(reason) && reason.code === "cancelled";
}

function logFailure(logger: Logger, failure: AppError, error: unknown): void {
  if (failure.code === "internal" || failure.code === "unavailable") logger.error({ err: error }, "answer failed");
  else logger.info({ code: failure.code, message: failure.message }, "answer refused");
}
