import { Router } from "express";
import { z } from "zod";
import { Language, MAX_QUESTION_LENGTH } from "@qai/contracts";
import { AppError, isAppError, toAppError, type Logger } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import { citationJson } from "../http/citations";
import { SseStream } from "../http/sse";
import { validate } from "../http/validation";

const askSchema = z.object({
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

/**
 * POST /api/chat/ask-stream: reserve a question from the caller's budget (guests also from their
 * IP address's daily cap), then stream the answer as server-sent events (a `: heartbeat` comment
 * every `heartbeatMs`). If the answer fails the question is refunded and an `{error}` event in the
 * request's language ends the stream; if the client goes away the gRPC call is cancelled, which
 * stops generation — a stopped answer keeps its question (stored) and its budget unit (spent).
 */
export function askStreamRoutes(deps: GatewayDependencies): Router {
  const router = Router();
  router.post("/api/chat/ask-stream", async (request, response) => {
    const body = validate(askSchema, request.body);
    const owner = await deps.callers.ownerOf(request, body.userId);
    const reservation = await deps.quota.reserve({ owner, clientIp: request.ip ?? "" });

    const controller = deps.streams.open();
    const clientGone = () => controller.abort(new AppError("cancelled", "client disconnected"));
    response.on("close", clientGone);
    const sse = new SseStream(response, deps.heartbeatMs);
    try {
      const events = deps.chat.ask(
        { owner, question: body.question, conversationId: body.conversationId ?? "", language: body.language === "en" ? Language.EN : Language.AR, provider: body.provider ?? "" },
        { signal: controller.signal },
      );
      for await (const { event } of events) {
        if (event.case === "userMessage") {
          const { conversationId, messageId, provider, fallbackFrom, fallbackReason } = event.value;
          sse.send({ type: "userMessage", conversationId, messageId, ...(provider ? { provider } : {}), ...fallback(fallbackFrom, fallbackReason) });
        } else if (event.case === "chunk") sse.send({ content: event.value.content });
        else if (event.case === "complete") {
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
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      const clientLeft = isAppError(reason) && reason.code === "cancelled";
      if (!clientLeft) {
        const failure = reason === SHUTTING_DOWN ? SHUTTING_DOWN : toAppError(error);
        logFailure(deps.logger, failure, error);
        sse.send({ error: failure.messageFor(body.language) });
        await refund(deps, reservation.reservationId);
      }
    } finally {
      response.off("close", clientGone);
      deps.streams.close(controller);
      sse.end();
    }
  });
  return router;
}

/** `fallbackFrom` (the provider asked for) and why it did not answer, when another one did. */
function fallback(fallbackFrom: string, reason: string): { fallbackFrom?: string; fallbackReason?: string } {
  return fallbackFrom ? { fallbackFrom, fallbackReason: reason } : {};
}

/** Used by the gateway's shutdown to end streams that outlive the grace period. */
export const shutdownReason = SHUTTING_DOWN;

async function refund(deps: GatewayDependencies, reservationId: string): Promise<void> {
  await deps.quota.refund({ reservationId }).catch((error: unknown) => deps.logger.error({ err: error, reservationId }, "refund failed"));
}

function logFailure(logger: Logger, failure: AppError, error: unknown): void {
  if (failure.code === "internal" || failure.code === "unavailable") logger.error({ err: error }, "answer failed");
  else logger.info({ code: failure.code, message: failure.message }, "answer refused");
}
