import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { FeedbackGivenSchema, Reaction, TOPICS, type Owner } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { ownerKey } from "../domain/owner";
import { reactionId, type ReactionKind } from "../domain/records";
import { messages, reactions } from "./collections";
import { ownMessage, requestHeaders } from "./conversations";
import { onlyAnswersRated } from "./errors";

export interface FeedbackResult {
  messageId: string;
  /** The owner's reaction now; undefined when it was withdrawn. */
  reaction?: ReactionKind;
  previous?: ReactionKind;
}

/**
 * Likes and dislikes of answers, one per owner and answer, toggling: the same reaction again
 * withdraws it, the other one replaces it. Every change publishes conversation.feedback.v1 through
 * the outbox in the same transaction.
 */
export class Feedback {
  constructor(
    private readonly store: RecordStore,
    private readonly outbox: Outbox,
    private readonly onCommit: () => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async give(owner: Owner, messageId: string, reaction: ReactionKind): Promise<FeedbackResult> {
    const key = ownerKey(owner);
    const at = this.now();
    const result = await this.store.transaction(async (tx) => {
      const answer = await ownMessage(tx, messageId, key);
      if (answer.isUser) throw onlyAnswersRated();
      const id = reactionId(key, answer.id);
      const previous = (await reactions(tx).get(id))?.reaction;
      const next = previous === reaction ? undefined : reaction;
      if (next) await reactions(tx).put({ id, ownerKey: key, messageId: answer.id, conversationId: answer.conversationId, reaction: next, updatedAt: at.toISOString() });
      else await reactions(tx).delete(id);
      const question = (await messages(tx).find({ where: { conversationId: answer.conversationId, position: answer.position - 1 }, limit: 1 })).items[0];
      const event = create(FeedbackGivenSchema, {
        messageId: answer.id,
        conversationId: answer.conversationId,
        owner,
        reaction: toReaction(next),
        previous: toReaction(previous),
        questionMessageId: question?.id ?? "",
        question: question?.content ?? "",
        answer: answer.content,
        occurredAt: timestampFromDate(at),
      });
      await this.outbox.enqueue(tx, {
        topic: TOPICS.conversationFeedback,
        key: answer.id,
        type: FeedbackGivenSchema.typeName,
        payload: toBinary(FeedbackGivenSchema, event),
        headers: requestHeaders(),
      });
      return { messageId: answer.id, reaction: next, previous };
    });
    this.onCommit();
    return result;
  }
}

export function toReaction(kind: ReactionKind | undefined): Reaction {
  return kind === "like" ? Reaction.LIKE : kind === "dislike" ? Reaction.DISLIKE : Reaction.UNSPECIFIED;
}

export function fromReaction(reaction: Reaction): ReactionKind | undefined {
  return reaction === Reaction.LIKE ? "like" : reaction === Reaction.DISLIKE ? "dislike" : undefined;
}
