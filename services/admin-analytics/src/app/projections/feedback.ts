import { FeedbackGivenSchema, Reaction, TOPICS, type FeedbackGiven } from "@qai/contracts";
import { questionKey } from "@qai/search-index";
import type { Transaction } from "@qai/record-store";
import { exchanges, questionGroups } from "../collections";
import { defineKind, ownerUserId, redactOwner } from "../event-kind";
import { countCitedReactions } from "./citations";
import { addReactions, countGroupReaction, updateDay, updateTotals, type Reactions } from "./counters";

/**
 * conversation.feedback.v1: previous → reaction moves the counts (a like switched to a dislike moves
 * one). Feedback may arrive before its exchange (another topic): the answer's reactions then wait on
 * a pending exchange record, and the day, articles and laws get them when the exchange arrives.
 */
export const feedbackEvents = defineKind({
  topic: TOPICS.conversationFeedback,
  schema: FeedbackGivenSchema,
  occurredAt: (feedback) => feedback.occurredAt,
  userOf: (feedback) => ownerUserId(feedback.owner),
  redact: (feedback, forgetUser) => redactOwner(feedback.owner, forgetUser),
  project: async (tx, feedback) => {
    const delta = reactionChange(feedback);
    if (!feedback.messageId || (delta.likes === 0 && delta.dislikes === 0)) return;
    await updateTotals(tx, (totals) => addReactions(totals, delta));
    const key = questionKey(feedback.question);
    if (key) await countGroupReaction(questionGroups(tx), key, feedback.question.trim(), delta);
    await countAnswerReaction(tx, feedback.messageId, delta);
  },
});

function reactionChange({ previous, reaction }: FeedbackGiven): Reactions {
  const count = (kind: Reaction) => Number(reaction === kind) - Number(previous === kind);
  return { likes: count(Reaction.LIKE), dislikes: count(Reaction.DISLIKE) };
}

async function countAnswerReaction(tx: Transaction, messageId: string, delta: Reactions): Promise<void> {
  const exchange = (await exchanges(tx).get(messageId)) ?? { id: messageId, pending: true as const, articleIds: [], lawIds: [], likes: 0, dislikes: 0 };
  addReactions(exchange, delta);
  await exchanges(tx).put(exchange);
  if (exchange.pending) return;
  await updateDay(tx, exchange.day!, (day) => addReactions(day, delta));
  await countCitedReactions(tx, exchange, delta);
}
