import { useTranslation } from "react-i18next";
import type { LegalDocument } from "../../../api/documents";
import { categoryKey } from "../../../lib/law-categories";
import { categoryColor } from "../lib/categories";
import { lastUpdatedValue } from "../lib/last-updated";

interface DocumentCardProps {
  document: LegalDocument;
  onOpen: (document: LegalDocument) => void;
}

/** One legal document added by an admin (spec §2): badge, title, excerpt, source, last update, View Full Document. */
export function DocumentCard({ document, onOpen }: DocumentCardProps) {
  const { t, i18n } = useTranslation("searchLaws");
  const updated = lastUpdatedValue(document.lastUpdated, i18n.language);
  return (
    <li className="law-card">
      <span className={`law-badge law-badge--${categoryColor(document.category)}`}>{t(categoryKey(document.category), { defaultValue: document.category })}</span>
      <h3 className="law-card__title" dir="auto">
        {document.title}
      </h3>
      <p className="law-card__excerpt" dir="auto">
        {document.excerpt}
      </p>
      <dl className="law-card__meta">
        <div>
          <dt>{t("source")}</dt>
          <dd dir="auto">{document.source}</dd>
        </div>
        {updated && (
          <div>
            <dt>{t("lastUpdated")}</dt>
            <dd dir="auto">{updated}</dd>
          </div>
        )}
      </dl>
      <button type="button" className="btn btn--subtle btn--sm law-card__open" onClick={() => onOpen(document)}>
        {t("viewFull")}
      </button>
    </li>
  );
}
