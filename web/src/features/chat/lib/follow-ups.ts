/**
 * Suggested follow-up questions (spec §4, chat): the lines starting with a dash after a heading
 * "Suggested follow-up questions" or "أسئلة متابعة مقترحة" (any markdown heading level, bold or plain).
 */
const HEADING = /^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:suggested follow-up questions|أسئلة متابعة مقترحة)\s*[:：]?\s*(?:\*\*|__)?\s*[:：]?\s*$/i;
const ITEM = /^\s*[-–—•*]\s+(.+?)\s*$/;

export interface SplitAnswer {
  /** The answer without the follow-up section. */
  body: string;
  followUps: string[];
}

export function splitFollowUps(content: string): SplitAnswer {
  const lines = content.split(/\r?\n/);
  const start = lines.findIndex((line) => HEADING.test(line));
  if (start === -1) return { body: content, followUps: [] };
  const followUps: string[] = [];
  let end = start + 1;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    if (line.trim() === "") continue;
    const match = ITEM.exec(line);
    if (!match) break;
    const question = match[1]!.replace(/^\*\*(.*)\*\*$/, "$1").trim();
    if (question && !followUps.includes(question)) followUps.push(question);
  }
  if (followUps.length === 0) return { body: content, followUps: [] };
  const body = [...lines.slice(0, start), ...lines.slice(end)].join("\n").trimEnd();
  return { body, followUps };
}

/**
 * The apology answer (spec §8): the model said it could not process / answer the legal question.
 * Such an answer gets a Retry button that resends the previous question.
 */
const APOLOGY = [
  /\bcould not (?:process|find a provision)/i,
  /\b(?:sorry|apologi[sz]e)\b.*\b(?:could not|couldn't|unable)\b/i,
  /لم أتمكن من (?:معالجة|الإجابة)/,
  /(?:عذرًا|عذراً|عذرا|نعتذر|أعتذر).*(?:تعذر|لم أتمكن)/,
  /لم أجد في قاعدة المعرفة نصًا نظاميًا/,
];

export function isApology(content: string): boolean {
  const head = content.slice(0, 400);
  return APOLOGY.some((pattern) => pattern.test(head));
}
