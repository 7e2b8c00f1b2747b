import { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Message } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { ownerId } from "../http/caller";
import { citationJson, citationText } from "../http/citations";
import { validate } from "../http/validation";

const listSchema = z.object({
  conversationId: z.string().trim().min(1).max(100),
  userId: z.string().nullish(),
});

/** The spec's Message entity (plus the structured citations the client renders as chips). */
function messageJson(message: Message) {
  return {
    id: message.id,
    content: message.content,
    isUser: message.isUser,
    conversationId: message.conversationId,
    userId: ownerId(message.owner),
    createdAt: message.createdAt ? timestampDate(message.createdAt).toISOString() : null,
    citation: citationText(message.citations),
    citations: message.citations.map(citationJson),
  };
}

export function messageRoutes({ conversation, callers }: GatewayDependencies): Router {
  const router = Router();
  router.get("/api/messages", async (request, response) => {
    const query = validate(listSchema, request.query);
    const owner = await callers.ownerOf(request, query.userId);
    const { messages } = await conversation.listMessages({ owner, conversationId: query.conversationId });
    response.json(messages.map(messageJson));
  });
  return router;
}
