import type { Page } from "@qai/record-store";
import { invalidLawFile, fileLabel, type LawFile } from "../domain/law-file";
import { recordsOf, type ArticleRecord, type LawRecord } from "../domain/records";

export interface PreparedLaw {
  law: LawRecord;
  articles: ArticleRecord[];
}

/**
 * The records of the files of one replace. Two files of the same law (same guid, or same name
 * without a guid) are refused, naming both, before anything is written.
 */
export function prepareLaws(files: readonly LawFile[], names: readonly string[], importedAt: string): PreparedLaw[] {
  const seen = new Map<string, number>();
  return files.map((file, index) => {
    const records = recordsOf(file, importedAt);
    const first = seen.get(records.law.id);
    if (first !== undefined) {
      const other = fileLabel(names[first], first, files[first]);
      throw invalidLawFile(fileLabel(names[index], index, file), {
        en: `the same law as ${other} ("${file.lawName}"); each law may appear only once`,
        ar: `هو النظام نفسه الموجود في ${other} ("${file.lawName}")؛ يجب أن يظهر كل نظام مرة واحدة فقط`,
      });
    }
    seen.set(records.law.id, index);
    return records;
  });
}

/** One transaction's worth of a generation being written: the laws that start in it and `size` articles at most. */
export interface ArticleBatch {
  laws: LawRecord[];
  articles: ArticleRecord[];
}

/** The laws' records in order, `size` articles per batch; a long law runs over several batches. */
export function* articleBatches(laws: readonly PreparedLaw[], size: number): Generator<ArticleBatch> {
  let batch: ArticleBatch = { laws: [], articles: [] };
  for (const { law, articles } of laws) {
    batch.laws.push(law);
    for (let at = 0; at < articles.length; ) {
      const taken = articles.slice(at, at + size - batch.articles.length);
      batch.articles.push(...taken);
      at += taken.length;
      if (batch.articles.length >= size) {
        yield batch;
        batch = { laws: [], articles: [] };
      }
    }
  }
  if (batch.laws.length > 0 || batch.articles.length > 0) yield batch;
}

/** Every item of a paged query. */
export async function allPages<T>(page: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    all.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return all;
}
