import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import type { Citation } from "../types";
import { BookIcon } from "./icons";

export function lawNameOf(citation: { lawName: string; lawNameEn: string | null }): string {
  return (currentLanguage() === "en" && citation.lawNameEn) || citation.lawName || citation.lawNameEn || "";
}

export function articleLabel(t: (key: string, options?: Record<string, unknown>) => string, number: number | null, suffix: string): string | null {
  if (number === null) return null;
  return t("citations.article", { number: suffix ? `${number} ${suffix}` : String(number) });
}

/** Law name + article number; opens the article in the citation panel (the chat stays). */
export function CitationChip({ citation, onOpen }: { citation: Citation; onOpen: (citation: Citation) => void }) {
  const { t } = useTranslation("chat");
  const article = articleLabel(t, citation.articleNumber, citation.articleSuffix);
  const repealed = citation.status === "repealed";
  return (
    <button
      type="button"
      className={repealed ? "citation-chip citation-chip--repealed" : "citation-chip"}
      title={citation.articleTitle || undefined}
      aria-haspopup="dialog"
      onClick={() => onOpen(citation)}
    >
      <BookIcon />
      <span className="citation-chip__law" dir="auto">
        {lawNameOf(citation)}
      </span>
      {article && <span className="citation-chip__article">{article}</span>}
      {repealed && <span className="citation-chip__status">{t("citations.repealed")}</span>}
    </button>
  );
}
