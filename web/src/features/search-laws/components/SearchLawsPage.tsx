import "./search-laws.css";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/ui/Modal";
import { serverMessage } from "../../../lib/api";
import { useDocumentSearch, type DocumentSearch, type LegalDocument } from "../api/search-documents";
import { categoryColor, categoryKey, SEARCH_CATEGORIES } from "../lib/categories";

/** Spec §9: the loading skeleton shows 6 cards. */
export const SKELETON_CARDS = 6;

/** Search laws (spec §2): text and category, Enter or the button, result cards, full text in a dialog. */
export function SearchLawsPage() {
  const { t, i18n } = useTranslation("searchLaws");
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<string>("all");
  const [submitted, setSubmitted] = useState<DocumentSearch | null>(null);
  const [open, setOpen] = useState<LegalDocument | null>(null);
  const results = useDocumentSearch(submitted);
  const label = (value: string) => t(categoryKey(value), { defaultValue: value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted({ query: query.trim(), category });
  };

  const loading = submitted !== null && (results.isPending || (results.isFetching && results.isPlaceholderData));

  return (
    <section className="library" aria-labelledby="search-title">
      <header className="library__header">
        <h1 id="search-title">{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      <form className="laws-search" role="search" onSubmit={onSubmit}>
        <label htmlFor="laws-query" className="visually-hidden">
          {t("queryLabel")}
        </label>
        <input id="laws-query" className="input laws-search__query" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t("placeholder")} dir="auto" />
        <label htmlFor="laws-category" className="visually-hidden">
          {t("categoryLabel")}
        </label>
        <select id="laws-category" className="input laws-search__category" value={category} onChange={(e) => setCategory(e.target.value)}>
          {SEARCH_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {label(value)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--primary">
          {t("search")}
        </button>
      </form>

      {submitted === null ? (
        <div className="library__empty">
          <p>{t("prompt")}</p>
        </div>
      ) : loading ? (
        <ul className="laws-grid" aria-busy="true" aria-label={t("loading")}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index} className="law-card law-card--skeleton" aria-hidden="true">
              <span className="skeleton skeleton--badge" />
              <span className="skeleton skeleton--title" />
              <span className="skeleton" />
              <span className="skeleton" />
              <span className="skeleton skeleton--short" />
            </li>
          ))}
        </ul>
      ) : results.isError ? (
        <div className="library__empty" role="alert">
          <h2>{t("failed")}</h2>
          <p>{serverMessage(results.error, i18n.language) ?? results.error.message}</p>
        </div>
      ) : (results.data ?? []).length === 0 ? (
        <div className="library__empty">
          <h2>{t("emptyTitle")}</h2>
          <p>{t("emptyBody")}</p>
        </div>
      ) : (
        <>
          <p className="laws-count" role="status">
            {t("count", { count: results.data!.length })}
          </p>
          <ul className="laws-grid">
            {results.data!.map((document) => (
              <li key={document.id} className="law-card">
                <span className={`law-badge law-badge--${categoryColor(document.category)}`}>{label(document.category)}</span>
                <h2 className="law-card__title" dir="auto">
                  {document.title}
                </h2>
                <p className="law-card__excerpt" dir="auto">
                  {document.excerpt}
                </p>
                <dl className="law-card__meta">
                  <div>
                    <dt>{t("source")}</dt>
                    <dd dir="auto">{document.source}</dd>
                  </div>
                  <div>
                    <dt>{t("lastUpdated")}</dt>
                    <dd dir="auto">{document.lastUpdated}</dd>
                  </div>
                </dl>
                <button type="button" className="btn btn--subtle btn--sm law-card__open" onClick={() => setOpen(document)}>
                  {t("viewFull")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}

      {open && (
        <Modal open onOpenChange={(value) => !value && setOpen(null)} title={<span dir="auto">{open.title}</span>} size="lg">
          <p className="law-dialog__meta">
            <span className={`law-badge law-badge--${categoryColor(open.category)}`}>{label(open.category)}</span>
            <span dir="auto">{open.citation}</span>
          </p>
          <div className="law-dialog__text" dir="auto">
            {open.content}
          </div>
          <p className="law-dialog__source">
            {t("source")}: <span dir="auto">{open.source}</span> · {t("lastUpdated")}: <span dir="auto">{open.lastUpdated}</span>
          </p>
        </Modal>
      )}
    </section>
  );
}
