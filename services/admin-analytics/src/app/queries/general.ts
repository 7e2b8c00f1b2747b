import type { RecordStore } from "@qai/record-store";
import type { QuestionGroupRecord } from "../../domain/records";
import { riyadhDay } from "../../domain/time";
import { currentTotals, days, questionGroups } from "../collections";

/** The overview's counters and the frequent questions. */
export class GeneralFigures {
  constructor(
    private readonly store: RecordStore,
    private readonly now: () => Date,
  ) {}

  general(): Promise<{ questionsToday: number; totalQuestions: number; totalConversations: number }> {
    const today = riyadhDay(this.now());
    return this.store.transaction(async (tx) => {
      const totals = await currentTotals(tx);
      const day = await days(tx).get(today);
      return { questionsToday: day?.questions ?? 0, totalQuestions: totals.questions, totalConversations: totals.conversations };
    });
  }

  async feedback(): Promise<{ likes: number; dislikes: number }> {
    const { likes, dislikes } = await currentTotals(this.store);
    return { likes, dislikes };
  }

  /** The most asked question groups, then the most recently asked. */
  async frequentQuestions(limit: number): Promise<QuestionGroupRecord[]> {
    return (await questionGroups(this.store).find({ where: { rank: { gte: "" } }, orderBy: { field: "rank", direction: "desc" }, limit })).items;
  }
}
