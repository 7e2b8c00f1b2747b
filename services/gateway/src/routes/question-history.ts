import { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { QuestionHistoryItem } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { validate } from "../http/validation";
import { ok, type JsonRead } from "../http/json-reads";
import { CLAIMED_USER_ID, ID, userOwner } from "./messages";

export const listSchema = z.object({
  userId: CLAIMED_USER_ID,
  /** Case-insensitive, over question and answer (spec §5). */
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const deleteSchema = z.object({ id: ID });
export const deleteBodySchema = z.object({ userId: CLAIMED_USER_ID }).loose();

/** The spec's Question history item, plus where to find it (conversationId, messageId of the answer). */
export function questionJson(item: QuestionHistoryItem) {
  return {
    id: item.id,
    question: item.question,
    answer: item.answer,
    category: item.category,
    createdAt: item.createdAt ? timestampDate(item.createdAt).toISOString() : null,
    conversationId: item.conversationId,
    questionMessageId: item.questionMessageId,
    messageId: item.answerMessageId,
  };
}

/** Question history: registered users only (spec §6), newest first. */
export function questionHistoryReads({ conversation, callers }: GatewayDependencies): JsonRead[] {
  return [
    {
      path: "/api/history/questions",
      async answer(call) {
        const query = validate(listSchema, call.query);
        const user = await callers.userOf(call, query.userId);
        const { questions } = await conversation.listQuestions({ owner: userOwner(user.userId), limit: query.limit, search: query.search ?? "" });
        return ok(questions.map(questionJson));
      },
    },
  ];
}

/** Deleting an entry of the question history. */
export function questionHistoryRoutes({ conversation, callers }: GatewayDependencies): Router {
  const router = Router();

  router.delete("/api/history/questions/:id", async (request, response) => {
    const { id } = validate(deleteSchema, request.params);
    const body = validate(deleteBodySchema, request.body ?? {});
    const user = await callers.userOf(request, body.userId);
    await conversation.deleteQuestion({ owner: userOwner(user.userId), questionId: id });
    response.json({ deleted: true, id });
  });

  return router;
}
