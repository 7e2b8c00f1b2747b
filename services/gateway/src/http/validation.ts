import type { z } from "zod";
import { AppError, type UserMessage } from "@qai/platform";

/** Field names as a person reads them. */
const FIELD_LABELS: Record<string, UserMessage> = {
  question: { ar: "السؤال", en: "question" },
  language: { ar: "اللغة", en: "language" },
  conversationId: { ar: "معرّف المحادثة", en: "conversationId" },
  userId: { ar: "معرّف المستخدم", en: "userId" },
  provider: { ar: "مزوّد الإجابة", en: "provider" },
};

/** Parses `value` with `schema`; a failure is a 400 whose message names the field and the problem in both languages. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = String(issue.path[0] ?? "");
  const label = FIELD_LABELS[field] ?? { ar: field || "الطلب", en: field || "request" };
  const given = issue.path.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown> | undefined)?.[key], value);
  const problem = describe(issue, given);
  throw new AppError("invalid_argument", `${label.en} ${problem.en}`, {
    userMessage: { ar: `${label.ar}: ${problem.ar}`, en: `The ${label.en} ${problem.en}.` },
    details: { issues: result.error.issues.map((i) => ({ path: i.path.join("."), code: i.code, message: i.message })) },
  });
}

function describe(issue: z.core.$ZodIssue, given: unknown): UserMessage {
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "object") return { ar: "يجب أن يكون كائن JSON", en: "must be a JSON object" };
      return given === undefined || given === null
        ? { ar: "مطلوب", en: "is required" }
        : { ar: `يجب أن يكون من النوع ${issue.expected}`, en: `must be a ${issue.expected}` };
    case "too_small":
      return Number(issue.minimum) <= 1
        ? { ar: "يجب ألا يكون فارغًا", en: "must not be empty" }
        : { ar: `يجب ألا يقل عن ${issue.minimum} حرفًا`, en: `must be at least ${issue.minimum} characters long` };
    case "too_big":
      return { ar: `يجب ألا يزيد على ${issue.maximum} حرف`, en: `must be at most ${issue.maximum} characters long` };
    case "invalid_value":
      return { ar: `يجب أن يكون إحدى القيم: ${issue.values.join("، ")}`, en: `must be one of: ${issue.values.join(", ")}` };
    default:
      return { ar: "غير صالح", en: "is invalid" };
  }
}
