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

/** Consecutive laws grouped so each group holds about `size` articles (a law is never split). */
export function* chunkByArticles<L extends { articles: readonly unknown[] | number }>(laws: readonly L[], size: number): Generator<L[]> {
  let chunk: L[] = [];
  let articles = 0;
  for (const law of laws) {
    chunk.push(law);
    articles += typeof law.articles === "number" ? law.articles : law.articles.length;
    if (articles >= size) {
      yield chunk;
      chunk = [];
      articles = 0;
    }
  }
  if (chunk.length > 0) yield chunk;
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
