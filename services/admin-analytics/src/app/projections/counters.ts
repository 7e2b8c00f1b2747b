import { createHash } from "node:crypto";
import type { Collection, Transaction } from "@qai/record-store";
import { padded, type DayFiguresRecord, type QuestionGroupRecord, type TotalsRecord } from "../../domain/records";
import { currentTotals, days, totals } from "../collections";

/** Likes and dislikes added (or, negative, taken away) by a reaction change. */
export interface Reactions {
  likes: number;
  dislikes: number;
}

export function emptyDay(id: string): DayFiguresRecord {
  return { id, questions: 0, arabic: 0, english: 0, guests: 0, registered: 0, likes: 0, dislikes: 0, gaps: 0, fallbacks: 0, providers: {}, answerMs: {} };
}

export async function updateDay(tx: Transaction, day: string, change: (figures: DayFiguresRecord) => void): Promise<void> {
  const figures = (await days(tx).get(day)) ?? emptyDay(day);
  change(figures);
  await days(tx).put(figures);
}

export async function updateTotals(tx: Transaction, change: (figures: TotalsRecord) => void): Promise<void> {
  const figures = await currentTotals(tx);
  change(figures);
  await totals(tx).put(figures);
}

export function addReactions(target: Reactions, delta: Reactions): void {
  target.likes += delta.likes;
  target.dislikes += delta.dislikes;
}

/** A question group's id: a hash of its key (keys are whole questions, too long for ids). */
function groupId(key: string): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 24);
}

function newGroup(key: string, question: string): QuestionGroupRecord {
  return { id: groupId(key), key, question, count: 0, likes: 0, dislikes: 0, latestAnswer: "" };
}

/** One more question in its group; the most recent one gives the wording and the answer shown. */
export async function countAsked(groups: Collection<QuestionGroupRecord>, key: string, asked: { question: string; answer: string; at: string }): Promise<void> {
  const group = (await groups.get(groupId(key))) ?? newGroup(key, asked.question);
  group.count += 1;
  if (!group.lastAskedAt || asked.at >= group.lastAskedAt) Object.assign(group, { question: asked.question, latestAnswer: asked.answer, lastAskedAt: asked.at });
  await groups.put({ ...group, rank: `${padded(group.count)}|${group.lastAskedAt}` });
}

/** A reaction to an answer in the group (the group is started if its question is not counted yet). */
export async function countGroupReaction(groups: Collection<QuestionGroupRecord>, key: string, question: string, delta: Reactions): Promise<void> {
  const group = (await groups.get(groupId(key))) ?? newGroup(key, question);
  addReactions(group, delta);
  await groups.put(group);
}
