import { randomUUID } from "node:crypto";
import { Language, type Owner } from "@qai/contracts";
import type { RecordStore } from "@qai/record-store";
import { ownerKey } from "../domain/owner";
import { favoriteTitleOf, type FavoriteKind, type FavoriteRecord } from "../domain/records";
import { citationsFromJson } from "./citations";
import { favorites, findAll } from "./collections";
import { categoryOf, ownConversation, ownMessage } from "./conversations";
import { favoriteContentRequired, favoriteNotFound, referenceRequired } from "./errors";

export interface AddFavorite {
  owner: Owner;
  type: FavoriteKind;
  referenceId: string;
  title: string;
  content: string;
  category: string;
}

const MAX_FAVORITES_LISTED = 1000;

/**
 * An owner's favorites. A message or conversation favorite must point at the owner's own message or
 * conversation; its content defaults to that message's text or that conversation's title. Saving
 * the same reference (same type and referenceId) again returns the existing favorite.
 */
export class Favorites {
  constructor(
    private readonly store: RecordStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Newest first. */
  async list(owner: Owner): Promise<FavoriteRecord[]> {
    const key = ownerKey(owner);
    return findAll(
      (cursor) => favorites(this.store).find({ where: { ownerKey: key }, orderBy: { field: "createdAt", direction: "desc" }, limit: 500, cursor }),
      MAX_FAVORITES_LISTED,
    );
  }

  async add(request: AddFavorite): Promise<{ favorite: FavoriteRecord; created: boolean }> {
    const key = ownerKey(request.owner);
    const referenceId = request.referenceId.trim();
    if (!referenceId && request.type !== "other") throw referenceRequired();
    return this.store.transaction(async (tx) => {
      if (referenceId) {
        const existing = await favorites(tx).find({ where: { ownerKey: key, type: request.type, referenceId }, limit: 1 });
        if (existing.items[0]) return { favorite: existing.items[0], created: false };
      }
      let { content, category } = request;
      let conversationId = "";
      if (request.type === "message") {
        const message = await ownMessage(tx, referenceId, key);
        conversationId = message.conversationId;
        content ||= message.content;
        category ||= categoryOf(citationsFromJson(message.citations), Language.UNSPECIFIED);
      } else if (request.type === "conversation") {
        const conversation = await ownConversation(tx, referenceId, key);
        conversationId = conversation.id;
        content ||= conversation.title;
      }
      const title = favoriteTitleOf(content || request.title);
      if (!title) throw favoriteContentRequired();
      const favorite: FavoriteRecord = {
        id: randomUUID(),
        ownerKey: key,
        type: request.type,
        referenceId,
        title,
        content,
        category,
        conversationId,
        createdAt: this.now().toISOString(),
      };
      await favorites(tx).insert(favorite);
      return { favorite, created: true };
    });
  }

  async delete(owner: Owner, id: string): Promise<void> {
    const key = ownerKey(owner);
    await this.store.transaction(async (tx) => {
      const favorite = await favorites(tx).get(id);
      if (!favorite || favorite.ownerKey !== key) throw favoriteNotFound(id);
      await favorites(tx).delete(id);
    });
  }
}
