import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import type { Citation } from "../types";

/** Only http(s) links are rendered, so a bad URL can never become a script link. */
function safeHttpUrl(url: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Law name + article number; links to the official source in a new tab when one is known. */
export function CitationChip({ citation }: { citation: Citation }) {
  const { t } = useTranslation("chat");
  const english = currentLanguage() === "en";
  const lawName = (english && citation.lawNameEn) || citation.lawName || citation.lawNameEn;
  const article =
    citation.articleNumber === null
      ? null
      : t("citations.article", {
          number: citation.articleSuffix
            ? `${citation.articleNumber} ${citation.articleSuffix}`
            : String(citation.articleNumber),
        });
  const href = safeHttpUrl(citation.sourceUrl);
  const repealed = citation.status === "repealed";

  const body = (
    <>
      <span className="citation-chip__law" dir="auto">
        {lawName}
      </span>
      {article && <span className="citation-chip__article">{article}</span>}
      {repealed && <span className="citation-chip__status">{t("citations.repealed")}</span>}
    </>
  );
  const className = repealed ? "citation-chip citation-chip--repealed" : "citation-chip";
  const title = citation.articleTitle || undefined;

  if (!href) {
    return (
      <span className={className} title={title}>
        {body}
      </span>
    );
  }
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" title={title}>
      {body}
      <svg className="citation-chip__external" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
        <path d="M9 2h5v5M14 2 7.5 8.5M12 9.5V14H2V4h4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <span className="visually-hidden">{t("citations.newTab")}</span>
    </a>
  );
}
