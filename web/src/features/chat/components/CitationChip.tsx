import { useTranslation } from "react-i18next";
import type { Citation } from "../../../api/citations";
import { articleLabel, lawNameOf, type Translate } from "../../../components/citation/citation-text";
import { BookIcon } from "./icons";

/**
 * One citation in words, with the full law name: "نظام العمل، المادة 53" / "Labor Law, Article 53",
 * and the status of a repealed law: as a further part for a chip's accessible name and tooltip
 * ("Postal Law, Article 3, Repealed": every visible word, in order), in parentheses for a copied
 * source line ("Postal Law, Article 3 (Repealed)").
 */
export function citationLabel(t: Translate, citation: Citation, status: "part" | "parenthesis" = "part"): string {
  const parts = [lawNameOf(citation), articleLabel(t, citation.articleNumber, citation.articleSuffix)].filter(Boolean);
  if (citation.status !== "repealed") return parts.join(t("citations.separator"));
  if (status === "part") return [...parts, t("citations.repealed")].join(t("citations.separator"));
  return `${parts.join(t("citations.separator"))} (${t("citations.repealed")})`;
}

/**
 * Law name + article number (+ repealed badge); opens the article in the citation panel (the chat
 * stays). A long law name is cut with an ellipsis (chat.css bounds its width); the full name is in
 * the chip's accessible name and tooltip, and in the panel.
 */
export function CitationChip({ citation, onOpen }: { citation: Citation; onOpen: (citation: Citation) => void }) {
  const { t } = useTranslation("chat");
  const article = articleLabel(t, citation.articleNumber, citation.articleSuffix);
  const repealed = citation.status === "repealed";
  const label = citationLabel(t, citation);
  return (
    <button
      type="button"
      className={repealed ? "citation-chip citation-chip--repealed" : "citation-chip"}
      title={label}
      aria-label={label}
      aria-haspopup="dialog"
      onClick={() => onOpen(citation)}
    >
      <BookIcon />
      {/* The spaces between the parts keep the visible words apart (flex layout ignores them). */}
      <span className="citation-chip__law" dir="auto">
        {lawNameOf(citation)}
      </span>{" "}
      {article && <span className="citation-chip__article">{article}</span>}{" "}
      {repealed && <span className="citation-chip__status">{t("citations.repealed")}</span>}
    </button>
  );
}
