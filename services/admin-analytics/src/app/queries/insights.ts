import type { Collection, RecordStore, Transaction } from "@qai/record-store";
import { mergeInto, percentile, type Histogram } from "../../domain/histogram";
import type { ArticleRecord, DayFiguresRecord, LawRecord, ProviderFigures, QuestionGroupRecord } from "../../domain/records";
import { daysEnding, riyadhDay } from "../../domain/time";
import { articles, days, gapGroups, laws } from "../collections";
import { emptyDay } from "../projections/counters";

const TOTALLED = ["questions", "arabic", "english", "guests", "registered", "gaps"] as const;

export type PeriodTotals = Record<(typeof TOTALLED)[number], number>;

export interface CitedArticleRow extends ArticleRecord {
  law?: LawRecord;
}

export interface InsightsReport {
  days: number;
  totals: PeriodTotals;
  answerMsP50: number;
  answerMsP95: number;
  providers: Array<ProviderFigures & { provider: string }>;
  citedLaws: LawRecord[];
  citedArticles: CitedArticleRow[];
  dislikedArticles: CitedArticleRow[];
  gaps: QuestionGroupRecord[];
  /** One per day of the period, oldest first. */
  series: DayFiguresRecord[];
}

/** The legal team's figures: a period's days, and the all-time rankings of laws, articles and gaps. */
export class Insights {
  constructor(
    private readonly store: RecordStore,
    private readonly now: () => Date,
  ) {}

  report(periodDays: number, limit: number): Promise<InsightsReport> {
    const dates = daysEnding(riyadhDay(this.now()), periodDays);
    return this.store.transaction(async (tx) => {
      const known = new Map((await days(tx).getMany(dates)).map((day) => [day.id, day]));
      const series = dates.map((date) => known.get(date) ?? emptyDay(date));
      const answerMs: Histogram = {};
      series.forEach((day) => mergeInto(answerMs, day.answerMs));
      return {
        days: periodDays,
        totals: totalsOf(series),
        answerMsP50: percentile(answerMs, 0.5),
        answerMsP95: percentile(answerMs, 0.95),
        providers: providersOf(series),
        citedLaws: (await laws(tx).find({ where: { citations: { gte: 1 } }, orderBy: { field: "citations", direction: "desc" }, limit })).items,
        citedArticles: await withLaws(tx, await top(articles(tx), "citations", limit)),
        dislikedArticles: await withLaws(tx, await top(articles(tx), "dislikeRank", limit)),
        gaps: (await gapGroups(tx).find({ where: { rank: { gte: "" } }, orderBy: { field: "rank", direction: "desc" }, limit })).items,
        series,
      };
    });
  }
}

function totalsOf(series: readonly DayFiguresRecord[]): PeriodTotals {
  const totals = Object.fromEntries(TOTALLED.map((field) => [field, 0])) as PeriodTotals;
  for (const day of series) for (const field of TOTALLED) totals[field] += day[field];
  return totals;
}

/** Answers and fallbacks per provider over the period, most answers first. */
function providersOf(series: readonly DayFiguresRecord[]): InsightsReport["providers"] {
  const merged = new Map<string, ProviderFigures>();
  for (const day of series) {
    for (const [provider, figures] of Object.entries(day.providers)) {
      const sum = merged.get(provider) ?? { answers: 0, fallbacks: 0 };
      merged.set(provider, { answers: sum.answers + figures.answers, fallbacks: sum.fallbacks + figures.fallbacks });
    }
  }
  return [...merged].map(([provider, figures]) => ({ provider, ...figures })).sort((a, b) => b.answers - a.answers || a.provider.localeCompare(b.provider));
}

/** The articles ranked highest by a field: most cited, or the highest dislike rate (only disliked ones have that rank). */
async function top(collection: Collection<ArticleRecord>, field: "citations" | "dislikeRank", limit: number): Promise<ArticleRecord[]> {
  const where = field === "citations" ? { citations: { gte: 1 } } : { dislikeRank: { gte: "" } };
  return (await collection.find({ where, orderBy: { field, direction: "desc" }, limit })).items;
}

async function withLaws(tx: Transaction, rows: ArticleRecord[]): Promise<CitedArticleRow[]> {
  const byId = new Map((await laws(tx).getMany([...new Set(rows.map((row) => row.lawId))])).map((law) => [law.id, law]));
  return rows.map((row) => ({ ...row, law: byId.get(row.lawId) }));
}
