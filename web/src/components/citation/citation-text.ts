import { currentLanguage } from "../../i18n";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The law's name in the UI language when the law has one (English UI), else its official Arabic name. */
export function lawNameOf(citation: { lawName: string; lawNameEn: string | null }): string {
  return (currentLanguage() === "en" && citation.lawNameEn) || citation.lawName || citation.lawNameEn || "";
}

/** The article number (with its suffix) in words, from the chat namespace; null when the article has no number. */
export function articleLabel(t: Translate, number: number | null, suffix: string): string | null {
  if (number === null) return null;
  return t("citations.article", { number: suffix ? `${number} ${suffix}` : String(number) });
}
