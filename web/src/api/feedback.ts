import { apiJson } from "./client";
import type { Reaction } from "./messages";

/** POST /api/feedback: like or dislike; the same type again withdraws it. Returns the reaction now. */
export async function giveFeedback(messageId: string, type: "like" | "dislike"): Promise<Reaction> {
  const result = await apiJson<{ type?: Reaction } | undefined>("/api/feedback", { method: "POST", json: { messageId, type } });
  return result?.type ?? null;
}
