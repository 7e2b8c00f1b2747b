/**
 * BOE texts of amended articles start with the amendment note and then give the current wording
 * in quotes: «تم تعديل هذه المادة بموجب المرسوم الملكي رقم (م/46) وتاريخ … لتكون بالنص الآتي: "…"».
 * The answer quotes the current wording and names the amendment separately.
 */
const AMENDED = /^(?<note>.{0,400}?(?:عدلت|عُدلت|تم تعديل)[^"“«]*?(?:لتكون|ليكون)\s+بالنص\s+الآتي\s*:?)\s*["“«](?<text>[\s\S]+?)["”»]?\s*\.?\s*$/u;

export interface ArticleText {
  /** The current wording. */
  text: string;
  /** The amendment note, e.g. "تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ". */
  amendment?: string;
}

export function currentWording(content: string): ArticleText {
  const match = AMENDED.exec(content.trim());
  if (!match?.groups) return { text: content.trim() };
  const note = match.groups.note!.replace(/[؛;,،]?\s*(?:لتكون|ليكون)\s+بالنص\s+الآتي\s*:?$/u, "").trim();
  return { text: match.groups.text!.trim(), amendment: note };
}
