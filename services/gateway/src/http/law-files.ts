import { z } from "zod";
import { AppError, type UserMessage } from "@qai/platform";

/**
 * Law-file uploads at the gateway (spec §3/§5, DESIGN §4): bodies are read only after the admin
 * check, with limits sized for these routes; every file is checked (size, nesting, shape, at least
 * one article) before the knowledge service is called, which checks again.
 */
export const UPLOAD_LIMITS = {
  /** One law file as JSON. */
  maxFileBytes: 20 * 1024 * 1024,
  /** A single-file body: the file plus a few fields of the upload form. */
  fileBodyBytes: 21 * 1024 * 1024,
  /** A replace: every file at once (the sample knowledge base is 15 MB). */
  replaceBodyBytes: 100 * 1024 * 1024,
  maxFiles: 1000,
  /** The file, `chapters`, a chapter, `articles`, an article. */
  maxDepth: 5,
} as const;

export const INVALID_FILES: UserMessage = {
  en: "One or more files contain invalid JSON or no articles",
  ar: "ملف واحد أو أكثر يحتوي على JSON غير صالح أو لا يحتوي على مواد",
};

/** An AppError answered with 413 Payload Too Large. */
export class PayloadTooLargeError extends AppError {
  override get httpStatus(): number {
    return 413;
  }
}

export const BODY_TOO_LARGE = new PayloadTooLargeError("invalid_argument", "upload body too large", {
  userMessage: {
    en: "The upload is too large: a law file may be at most 20 MB, and a replace at most 100 MB in all.",
    ar: "حجم الرفع أكبر من المسموح: يجب ألا يتجاوز ملف النظام 20 ميغابايت، ولا يتجاوز الاستبدال 100 ميغابايت إجمالًا.",
  },
});

/** body-parser's JSON errors: `{` or `[` must come first (strict), the rest as `JSON.parse` says. */
const FIRST_NON_WHITESPACE = /^[ \t\n\r]*([^ \t\n\r]|$)/;

/**
 * An upload body's text as JSON, exactly as `express.json()` reads it (an empty body is `{}`, the
 * first character must open an object or an array); bad JSON is the spec's 400 with the parser's reason.
 */
export function parseUploadJson(text: string): unknown {
  if (text.length === 0) return {};
  try {
    const first = text[0] === "{" || text[0] === "[" ? text[0] : FIRST_NON_WHITESPACE.exec(text)?.[1] || undefined;
    if (first !== "{" && first !== "[") throw strictViolation(text, first);
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "";
    throw invalidFile("the upload", { en: `not valid JSON (${reason})`, ar: `ليس JSON صالحًا (${reason})` });
  }
}

/** The error `JSON.parse` would give at the first character that opens neither an object nor an array. */
function strictViolation(text: string, first: string | undefined): Error {
  const index = first === undefined ? -1 : text.indexOf(first);
  const partial = index === -1 ? "" : text.slice(0, index) + "#".repeat(text.length - index);
  try {
    JSON.parse(partial);
    return new SyntaxError("strict violation");
  } catch (error) {
    return new SyntaxError((error as Error).message.replace(/#+/g, (placeholder) => text.substring(index, index + placeholder.length)));
  }
}

/** 400 naming the file and the problem, under the spec's message. */
export function invalidFile(label: string, problem: UserMessage, details: Record<string, unknown> = {}): AppError {
  return new AppError("invalid_argument", `${label}: ${problem.en}`, {
    userMessage: { en: `${INVALID_FILES.en}: ${label}: ${problem.en}`, ar: `${INVALID_FILES.ar}: ${label}: ${problem.ar}` },
    details: { file: label, problem: problem.en, ...details },
  });
}

const articleShape = z.object({
  articleNumber: z.union([z.number().int().nonnegative(), z.string().regex(/^\s*\d+\s*$/, "must be a whole number")]),
  articleContent: z.string().trim().min(1, "must not be empty"),
  articleTitle: z.string().nullish(),
  articleSuffix: z.string().nullish(),
});

export const lawFileShape = z
  .object({
    lawName: z.string().nullish(),
    title: z.string().nullish(),
    lawNameEn: z.string().nullish(),
    lawNameEnOfficial: z.boolean().nullish(),
    lawNumber: z.string().nullish(),
    lawDate: z.string().nullish(),
    guid: z.string().nullish(),
    articles: z.array(articleShape).optional(),
    chapters: z.array(z.object({ articles: z.array(articleShape) })).optional(),
  })
  .refine((file) => Boolean(file.lawName?.trim() || file.title?.trim()), { message: "a law name (lawName or title) is required", path: ["lawName"] })
  .refine((file) => (file.articles?.length ?? 0) + (file.chapters ?? []).reduce((sum, chapter) => sum + chapter.articles.length, 0) > 0, {
    message: "the file has no articles",
    path: ["articles"],
  });

/** How a file is named in messages: its file name, else its position and law name. */
export function fileLabel(value: unknown, index: number, fileName?: unknown): string {
  if (typeof fileName === "string" && fileName.trim()) return `"${fileName.trim().slice(0, 200)}"`;
  const record = isObject(value) ? value : {};
  const title = typeof record.lawName === "string" && record.lawName ? record.lawName : typeof record.title === "string" ? record.title : "";
  return title ? `file ${index + 1} ("${title.slice(0, 200)}")` : `file ${index + 1}`;
}

/** Checks one uploaded law file and returns it as JSON text for the knowledge service. */
export function lawFileJson(value: unknown, label: string): string {
  if (!isObject(value)) throw invalidFile(label, { en: "a law file must be a JSON object", ar: "يجب أن يكون ملف النظام كائن JSON" });
  if (nestingDepth(value, UPLOAD_LIMITS.maxDepth) > UPLOAD_LIMITS.maxDepth) {
    throw invalidFile(label, {
      en: `objects and arrays nest deeper than the law-file format allows (at most ${UPLOAD_LIMITS.maxDepth} levels)`,
      ar: `تتداخل الكائنات والمصفوفات أعمق مما يسمح به تنسيق ملف النظام (${UPLOAD_LIMITS.maxDepth} مستويات على الأكثر)`,
    });
  }
  const result = lawFileShape.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = issue.path.join(".");
    const given = issue.path.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown> | undefined)?.[key], value);
    const missing = issue.code !== "custom" && (given === undefined || given === null);
    const noArticles = issue.message === "the file has no articles";
    throw invalidFile(
      label,
      {
        en: noArticles ? "the file has no articles" : missing ? `${path} is required` : `${path}: ${issue.message}`,
        ar: noArticles ? "لا يحتوي الملف على أي مادة" : missing ? `الحقل ${path} مطلوب` : `الحقل ${path} غير صالح (${issue.message})`,
      },
      { path },
    );
  }
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json, "utf8");
  if (bytes > UPLOAD_LIMITS.maxFileBytes) {
    const mb = (bytes / 1024 / 1024).toFixed(1);
    throw new PayloadTooLargeError("invalid_argument", `${label} is ${mb} MB`, {
      userMessage: {
        en: `${INVALID_FILES.en}: ${label}: the file is ${mb} MB; at most 20 MB is allowed`,
        ar: `${INVALID_FILES.ar}: ${label}: حجم الملف ${mb} ميغابايت، والحد الأقصى 20 ميغابايت`,
      },
      details: { file: label, problem: `the file is ${mb} MB; at most 20 MB is allowed` },
    });
  }
  return json;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Nesting of objects and arrays (a scalar is 0), without recursion; stops early past `stopAbove`. */
export function nestingDepth(value: unknown, stopAbove = Infinity): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > stopAbove) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return deepest;
}
