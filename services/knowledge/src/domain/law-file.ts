import { AppError } from "@qai/platform";
import { z } from "zod";

/**
 * A knowledge law file (spec §3): the title under `lawName` or `title`; articles at the top level
 * or inside `chapters[].articles`. Extra fields the sample data carries (status, sourceUrl,
 * issuedDate, lawNameEnOfficial) are kept; unknown fields are dropped.
 *
 * `lawNameEnOfficial` (optional boolean) says where `lawNameEn` comes from: true = the official
 * English title of the source (BOE), false = a title written by the product, not official. It is
 * only kept together with a `lawNameEn`; absent or null means unknown (files from before the field,
 * or uploads that do not say), and nothing assumes either way.
 */
const MAX_ARTICLES = 20_000;

const articleSchema = z.object({
  articleNumber: z.union([z.number().int().nonnegative(), z.string().regex(/^\s*\d+\s*$/, "must be a whole number")]).transform(Number),
  articleSuffix: z.string().trim().max(40).nullish().transform((value) => value ?? ""),
  articleTitle: z.string().trim().max(500).nullish().transform((value) => value ?? ""),
  articleContent: z.string().trim().min(1, "must not be empty").max(200_000),
});

const chapterSchema = z.object({ articles: z.array(articleSchema) });

const optionalText = z.string().trim().max(500).nullish();

export const lawFileSchema = z
  .object({
    lawName: optionalText,
    title: optionalText,
    lawNameEn: optionalText,
    lawNameEnOfficial: z.boolean().nullish(),
    lawNumber: optionalText,
    lawDate: optionalText,
    guid: z.string().trim().regex(/^[\w-]{1,100}$/, "must be letters, digits and dashes").nullish(),
    status: z.enum(["in_force", "repealed"]).nullish(),
    sourceUrl: z.url().max(1000).nullish(),
    issuedDate: optionalText,
    articles: z.array(articleSchema).max(MAX_ARTICLES).optional(),
    chapters: z.array(chapterSchema).max(10_000).optional(),
  })
  .refine((file) => Boolean(file.lawName || file.title), { message: "a law name (lawName or title) is required", path: ["lawName"] })
  .transform((file) => ({
    lawName: (file.lawName || file.title) as string,
    lawNameEn: file.lawNameEn || undefined,
    lawNameEnOfficial: file.lawNameEn ? (file.lawNameEnOfficial ?? undefined) : undefined,
    lawNumber: file.lawNumber || undefined,
    lawDate: file.lawDate || undefined,
    guid: file.guid || undefined,
    status: file.status ?? "in_force",
    sourceUrl: file.sourceUrl || undefined,
    issuedDate: file.issuedDate || undefined,
    articles: [...(file.articles ?? []), ...(file.chapters ?? []).flatMap((chapter) => chapter.articles)],
  }))
  .refine((file) => file.articles.length > 0, { message: "the file has no articles", path: ["articles"] })
  .refine((file) => file.articles.length <= MAX_ARTICLES, { message: `a law may have at most ${MAX_ARTICLES} articles`, path: ["articles"] });

export type LawFile = z.output<typeof lawFileSchema>;
export type LawFileArticle = LawFile["articles"][number];

/** Upload limits (spec §5, DESIGN §4): checked before anything stored changes. */
export const LAW_FILE_LIMITS = {
  /** One law file, as JSON text. */
  maxFileBytes: 20 * 1024 * 1024,
  /** Files in one replace (the sample knowledge base has 498). */
  maxFiles: 1000,
  /**
   * Nesting of objects and arrays in a law file: the file, `chapters`, a chapter, `articles`, an
   * article. Anything deeper is not the format.
   */
  maxDepth: 5,
} as const;

/** The spec's message for a bad upload (§5), then which file and what is wrong with it. */
export const INVALID_FILES = {
  en: "One or more files contain invalid JSON or no articles",
  ar: "ملف واحد أو أكثر يحتوي على JSON غير صالح أو لا يحتوي على مواد",
};

export interface Problem {
  en: string;
  ar: string;
  path?: string;
}

/** A refused law file: 400, naming the file and the problem in both languages. */
export function invalidLawFile(fileName: string, problem: Problem, extra: Record<string, unknown> = {}): AppError {
  return new AppError("invalid_argument", `${fileName}: ${problem.en}`, {
    userMessage: { en: `${INVALID_FILES.en}: ${fileName}: ${problem.en}`, ar: `${INVALID_FILES.ar}: ${fileName}: ${problem.ar}` },
    details: { file: fileName, problem: problem.en, ...(problem.path ? { path: problem.path } : {}), ...extra },
  });
}

/** How deep objects and arrays nest in `value` (a scalar is 0), without recursion. */
export function nestingDepth(value: unknown, stopAbove = Infinity): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAbove) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/** A person-readable name for the n-th uploaded file (0-based). */
export function fileLabel(fileName: string | undefined, index: number, parsed?: unknown): string {
  if (fileName?.trim()) return `"${fileName.trim().slice(0, 200)}"`;
  const record = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const title = typeof record.lawName === "string" && record.lawName ? record.lawName : typeof record.title === "string" ? record.title : "";
  return title ? `file ${index + 1} ("${title.slice(0, 200)}")` : `file ${index + 1}`;
}

/**
 * Parses and validates one uploaded law file (JSON text): size, JSON syntax, nesting, then the
 * format. Throws `invalidLawFile` naming the file and the first problem.
 */
export function parseLawFile(json: string, fileName: string | undefined, index = 0): LawFile {
  const bytes = Buffer.byteLength(json, "utf8");
  if (bytes > LAW_FILE_LIMITS.maxFileBytes) {
    const mb = (bytes / 1024 / 1024).toFixed(1);
    throw invalidLawFile(fileLabel(fileName, index), { en: `the file is ${mb} MB; at most 20 MB is allowed`, ar: `حجم الملف ${mb} ميغابايت، والحد الأقصى 20 ميغابايت` }, { tooLarge: true });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalidLawFile(fileLabel(fileName, index), { en: `not valid JSON (${reason})`, ar: `ليس JSON صالحًا (${reason})` });
  }
  return validateLawFile(parsed, fileLabel(fileName, index, parsed));
}

/** Validates an already parsed law file; `label` names it in errors. */
export function validateLawFile(value: unknown, label: string): LawFile {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidLawFile(label, { en: "a law file must be a JSON object", ar: "يجب أن يكون ملف النظام كائن JSON" });
  }
  const depth = nestingDepth(value, LAW_FILE_LIMITS.maxDepth);
  if (depth > LAW_FILE_LIMITS.maxDepth) {
    throw invalidLawFile(label, {
      en: `objects and arrays nest deeper than the law-file format allows (at most ${LAW_FILE_LIMITS.maxDepth} levels)`,
      ar: `تتداخل الكائنات والمصفوفات أعمق مما يسمح به تنسيق ملف النظام (${LAW_FILE_LIMITS.maxDepth} مستويات على الأكثر)`,
    });
  }
  const result = lawFileSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.join(".");
  const given = issue.path.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown> | undefined)?.[key], value);
  const missing = issue.code !== "custom" && (given === undefined || given === null);
  const en = path === "articles" && issue.message.includes("no articles") ? "the file has no articles" : missing ? `${path} is required` : `${path || "file"}: ${issue.message}`;
  const ar = path === "articles" && issue.message.includes("no articles") ? "لا يحتوي الملف على أي مادة" : missing ? `الحقل ${path} مطلوب` : `الحقل ${path || "الملف"} غير صالح (${issue.message})`;
  throw invalidLawFile(label, { en, ar, path });
}
