import { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { FavoriteType, type Favorite } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { ownerId } from "../http/caller";
import { validate } from "../http/validation";
import { ok, type JsonRead } from "../http/json-reads";
import { CLAIMED_USER_ID, ID, userOwner } from "./messages";

/** Long enough for a whole answer; the JSON body limit (64 kB) bounds it too. */
export const MAX_FAVORITE_CONTENT = 20_000;

const TYPES = { message: FavoriteType.MESSAGE, conversation: FavoriteType.CONVERSATION, other: FavoriteType.OTHER } as const;
const TYPE_NAMES = new Map<FavoriteType, keyof typeof TYPES>(Object.entries(TYPES).map(([name, type]) => [type, name as keyof typeof TYPES]));

export const listSchema = z.object({ userId: CLAIMED_USER_ID });
export const addSchema = z.object({
  type: z.enum(["message", "conversation", "other"]),
  referenceId: z.string().trim().max(100).nullish(),
  title: z.string().max(1000).nullish(),
  content: z.string().max(MAX_FAVORITE_CONTENT).nullish(),
  category: z.string().trim().max(200).nullish(),
  userId: CLAIMED_USER_ID,
});
export const deleteSchema = z.object({ id: ID });
export const deleteBodySchema = z.object({ userId: CLAIMED_USER_ID }).loose();

/** The spec's Favorite, plus the conversation a message or conversation favorite opens. */
export function favoriteJson(favorite: Favorite) {
  return {
    id: favorite.id,
    type: TYPE_NAMES.get(favorite.type) ?? "other",
    referenceId: favorite.referenceId,
    title: favorite.title,
    content: favorite.content,
    category: favorite.category || null,
    conversationId: favorite.conversationId || null,
    createdAt: favorite.createdAt ? timestampDate(favorite.createdAt).toISOString() : null,
    userId: ownerId(favorite.owner),
  };
}

/**
 * Favorites: registered users only (spec §6). The title is the first 100 characters of the content;
 * saving the same type and referenceId again returns the existing favorite (200 instead of 201).
 */
export function favoriteReads({ conversation, callers }: GatewayDependencies): JsonRead[] {
  return [
    {
      path: "/api/favorites",
      async answer(call) {
        const query = validate(listSchema, call.query);
        const user = await callers.userOf(call, query.userId);
        const { favorites } = await conversation.listFavorites({ owner: userOwner(user.userId) });
        return ok(favorites.map(favoriteJson));
      },
    },
  ];
}

/** Saving and removing favorites. */
export function favoriteRoutes({ conversation, callers }: GatewayDependencies): Router {
  const router = Router();

  router.post("/api/favorites", async (request, response) => {
    const body = validate(addSchema, request.body);
    const user = await callers.userOf(request, body.userId);
    const { favorite, created } = await conversation.addFavorite({
      owner: userOwner(user.userId),
      type: TYPES[body.type],
      referenceId: body.referenceId ?? "",
      title: body.title ?? "",
      content: body.content ?? "",
      category: body.category ?? "",
    });
    response.status(created ? 201 : 200).json(favoriteJson(favorite!));
  });

  router.delete("/api/favorites/:id", async (request, response) => {
    const { id } = validate(deleteSchema, request.params);
    const body = validate(deleteBodySchema, request.body ?? {});
    const user = await callers.userOf(request, body.userId);
    await conversation.deleteFavorite({ owner: userOwner(user.userId), favoriteId: id });
    response.json({ deleted: true, id });
  });

  return router;
}
