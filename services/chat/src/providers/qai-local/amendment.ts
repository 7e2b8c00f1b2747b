/**
 * BOE texts of amended articles start with the amendment note and then give the current wording
 * in quotes: «تم تعديل هذه المادة بموجب المرسوم الملكي رقم (م/46) وتاريخ … لتكون بالنص الآتي: "…"» (also "لتصبح بالنص
 * الآتي", "تم إلغاء نص هذه المادة … وإحلال النص الآتي محله", the new text unquoted; "تم تعديل أحكام المادتين … في مادة
 * واحدة …؛ بالنص الآتي:" with the merged article's heading first). An amendment of part of an
 * article ("تعديل عجز هذه المادة", "تعديل الفقرة …") is not the whole wording and is quoted as it stands.
 * "عدلت" comes with any tashkeel ("عُدِّلت", and "عٌدلت" as BOE mistypes it). The answer quotes the current wording and
 * names the amendment separately.
 */
const AMENDED =
  /^(?<note>.{0,400}?(?:ع[\u064B-\u0652]*د[\u064B-\u0652]*ل[\u064B-\u0652]*ت|تم\s+تعديل|(?:تم\s+)?(?:إلغاء|الغاء)\s+نص)\s+(?:نص\s+)?(?:هذه\s+المادة|أحكام\s+المادتين)[^"“«]*?(?:(?:لتكون|ليكون|لتصبح|ليصبح)\s+بالنص\s+الآتي|وإحلال\s+النص\s+الآتي\s+محله|[؛;]\s*بالنص\s+الآتي)\s*:?)\s*["“«]?(?<text>[\s\S]+?)["”»]?\s*\.?\s*$/u;
/** Two articles merged into one give the new one's heading first: "المادة الحادية والخمسون بعد المائة : 1 - …". */
const MERGED_HEADING = /^المادة\s+[^:"“«]{3,60}?\s*:\s*/u;

/**
 * A text that is only the amendment of one paragraph, with that paragraph's new wording: "صدر المرسوم الملكي رقم (م/44)
 * … وعدلت الفقرة (1) من هذه المادة لتكون بالنص الآتي: "…"" (the 1446H Labor Law amendments as the BOE texts hold them).
 */
const PARAGRAPH_AMENDED =
  /^(?<note>.{0,400}?وعدلت\s+الفقرة\s+\((?<paragraph>\d{1,2})\)\s+من\s+هذه\s+المادة)\s+(?:لتكون|لتصبح|ليكون|ليصبح)\s+بالنص\s+الآتي\s*:?\s*["“«](?<text>[^"”»]+)["”»]\s*\.?\s*$/u;

export interface ArticleText {
  /** The current wording. */
  text: string;
  /** The amendment note, e.g. "تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ". */
  amendment?: string;
  /** When the text is one amended paragraph, its number. */
  paragraph?: string;
}

/**
 * Newer BOE texts give the current wording first and the amendments after it, under "تعديلات المادة:" ("- تم بموجب
 * المرسوم الملكي رقم (م/44) وتاريخ 1446/2/8هـ، تعديل …"): the wording is what comes before, the note the first
 * amendment's decree (up to its date).
 */
const TRAILING_AMENDMENTS = /\n\s*تعديلات\s+المادة\s*:\s*[-–]?\s*(?<note>[^\n]*?هـ)[\s\S]*$/u;

export function currentWording(content: string): ArticleText {
  const trailing = TRAILING_AMENDMENTS.exec(content);
  if (trailing?.groups) return { text: content.slice(0, trailing.index).trim(), amendment: trailing.groups.note!.trim() };
  const part = PARAGRAPH_AMENDED.exec(content.trim());
  if (part?.groups) return { text: part.groups.text!.trim(), amendment: part.groups.note!.replace(/^[-–]\s*/u, "").trim(), paragraph: part.groups.paragraph! };
  const match = AMENDED.exec(content.trim());
  if (!match?.groups) return { text: content.trim() };
  const note = match.groups.note!.replace(/[؛;,،]?\s*(?:(?:لتكون|ليكون|لتصبح|ليصبح)\s+بالنص\s+الآتي|وإحلال\s+النص\s+الآتي\s+محله|بالنص\s+الآتي)\s*:?$/u, "").trim();
  return { text: match.groups.text!.trim().replace(MERGED_HEADING, ""), amendment: note };
}
