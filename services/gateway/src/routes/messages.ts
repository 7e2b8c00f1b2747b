import { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Reaction, type Message } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { ownerId } from "../http/caller";
import { citationJson, citationText } from "../http/citations";
import { validate } from "../http/validation";

/** An id in a path or query: conversation, message, favorite, question. */
export const ID = z.string().trim().min(1).max(100);
/** The caller's own id, which the client may repeat (it must then match the verified caller). */
export const CLAIMED_USER_ID = z.string().trim().max(200).nullish();

export const listSchema = z.object({ conversationId: ID, userId: CLAIMED_USER_ID });
export const getSchema = z.object({ id: ID });
export const ownerMessagesSchema = z.object({
  userId: CLAIMED_USER_ID,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** A reaction as the client reads it. */
export function reactionName(reaction: Reaction): "like" | "dislike" | null {
  return reaction === Reaction.LIKE ? "like" : reaction === Reaction.DISLIKE ? "dislike" : null;
}

/**
 * The spec's Message entity, plus the structured citations the client renders as chips and the
 * caller's own reaction (`like`, `dislike` or null).
 */
export function messageJson(message: Message) {
  return {
    id: message.id,
    content: message.content,
    isUser: message.isUser,
    conversationId: message.conversationId,
    userId: ownerId(message.owner),
    createdAt: message.createdAt ? timestampDate(message.createdAt).toISOString() : null,
    citation: citationText(message.citations),
    citations: message.citations.map(citationJson),
    reaction: reactionName(message.reaction),
  };
}

/**
 * Messages: one conversation's (`/api/messages?conversationId=`) and one message (`/api/messages/{id}`)
 * for their owner, user or guest; all of a registered user's messages (`/api/chat/messages`).
 */
export function messageRoutes({ conversation, callers }: GatewayDependencies): Router {
  const router = Router();

  router.get("/api/messages", async (request, response) => {
    const query = validate(listSchema, request.query);
    const owner = await callers.ownerOf(request, query.userId);
    const { messages } = await conversation.listMessages({ owner, conversationId: query.conversationId });
    response.json(messages.map(messageJson));
  });

  router.get("/api/messages/:id", async (request, response) => {
    const { id } = validate(getSchema, request.params);
    const owner = await callers.ownerOf(request);
    const { message } = await conversation.getMessage({ owner, messageId: id });
    response.json(messageJson(message!));
  });

  // The signed-in user's messages across conversations, newest first (history: registered users only).
  router.get("/api/chat/messages", async (request, response) => {
    const query = validate(ownerMessagesSchema, request.query);
    const user = await callers.userOf(request, query.userId);
    const { messages } = await conversation.listOwnerMessages({ owner: userOwner(user.userId), limit: query.limit });
    response.json(messages.map(messageJson));
  });

  return router;
}

/** The Owner of a verified registered user. */
export function userOwner(userId: string) {
  return { kind: { case: "userId" as const, value: userId } };
}
