import { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Conversation } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { ownerId } from "../http/caller";
import { ok, type JsonRead } from "../http/json-reads";
import { validate } from "../http/validation";
import { CLAIMED_USER_ID, ID, userOwner } from "./messages";

/** Spec §9: the conversation history keeps the first 50 items. */
export const HISTORY_LIMIT = 50;

export const historySchema = z.object({ userId: CLAIMED_USER_ID });
export const deleteSchema = z.object({ id: ID });
export const deleteBodySchema = z.object({ userId: CLAIMED_USER_ID }).loose();

const iso = (value: Conversation["createdAt"]) => (value ? timestampDate(value).toISOString() : null);

/** The spec's Conversation history item. */
export function conversationJson(conversation: Conversation) {
  return {
    id: conversation.id,
    title: conversation.title,
    firstMessage: conversation.firstMessage,
    createdAt: iso(conversation.createdAt),
    updatedAt: iso(conversation.lastMessageAt),
    lastMessageAt: iso(conversation.lastMessageAt),
    messageCount: conversation.messageCount,
    userId: ownerId(conversation.owner),
  };
}

/** Conversation history: registered users only (spec §6), each their own. */
export function conversationReads({ conversation, callers }: GatewayDependencies): JsonRead[] {
  return [
    {
      path: "/api/conversations/history",
      async answer(call) {
        const query = validate(historySchema, call.query);
        const user = await callers.userOf(call, query.userId);
        const { conversations } = await conversation.listConversations({ owner: userOwner(user.userId), limit: HISTORY_LIMIT });
        return ok(conversations.map(conversationJson));
      },
    },
  ];
}

/** Conversation deletion: registered users only, each their own. */
export function conversationRoutes({ conversation, callers }: GatewayDependencies): Router {
  const router = Router();

  // Deletes the conversation with its messages, their reactions and question-history entries, and favorites pointing at it.
  router.delete("/api/conversations/:id", async (request, response) => {
    const { id } = validate(deleteSchema, request.params);
    const body = validate(deleteBodySchema, request.body ?? {});
    const user = await callers.userOf(request, body.userId);
    const { deletedMessages } = await conversation.deleteConversation({ owner: userOwner(user.userId), conversationId: id });
    response.json({ deleted: true, id, deletedMessages });
  });

  return router;
}
