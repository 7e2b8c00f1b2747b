import { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Conversation } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { ownerId } from "../http/caller";
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

/** Conversation history and deletion: registered users only (spec §6), each their own. */
export function conversationRoutes({ conversation, callers }: GatewayDependencies): Router {
  const router = Router();

  router.get("/api/conversations/history", async (request, response) => {
    const query = validate(historySchema, request.query);
    const user = await callers.userOf(request, query.userId);
    const { conversations } = await conversation.listConversations({ owner: userOwner(user.userId), limit: HISTORY_LIMIT });
    response.json(conversations.map(conversationJson));
  });

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
