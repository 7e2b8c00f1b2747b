import type { Owner } from "@qai/contracts";
import type { RecordStore } from "@qai/record-store";
import { ownerKey } from "../domain/owner";
import type { QuestionRecord } from "../domain/records";
import { clampLimit, findAll, questions } from "./collections";
import { questionNotFound } from "./errors";

/** The question history: each answered question of an owner, newest first. */
export class QuestionHistory {
  constructor(private readonly store: RecordStore) {}

  /** At most `limit` entries (default 100, ceiling 500); `search` matches question or answer, ignoring case. */
  async list(owner: Owner, limit: number, search = ""): Promise<QuestionRecord[]> {
    const key = ownerKey(owner);
    const max = clampLimit(limit, 100, 500);
    const needle = search.trim().toLocaleLowerCase();
    if (!needle) {
      const page = await questions(this.store).find({ where: { ownerKey: key }, orderBy: { field: "createdAt", direction: "desc" }, limit: max });
      return page.items;
    }
    const all = await findAll((cursor) => questions(this.store).find({ where: { ownerKey: key }, orderBy: { field: "createdAt", direction: "desc" }, limit: 1000, cursor }));
    return all.filter((q) => q.question.toLocaleLowerCase().includes(needle) || q.answer.toLocaleLowerCase().includes(needle)).slice(0, max);
  }

  /** Removes one entry from the history; the conversation itself stays. */
  async delete(owner: Owner, id: string): Promise<void> {
    const key = ownerKey(owner);
    await this.store.transaction(async (tx) => {
      const entry = await questions(tx).get(id);
      if (!entry || entry.ownerKey !== key) throw questionNotFound(id);
      await questions(tx).delete(id);
    });
  }
}
