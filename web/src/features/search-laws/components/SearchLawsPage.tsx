import "./search-laws.css";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useArticleSearch, type ArticleResult } from "../../../api/articles";
import type { Citation } from "../../../api/citations";
import { serverMessage } from "../../../api/client";
import { useDocumentSearch, type DocumentSearch, type LegalDocument } from "../../../api/documents";
import { CitationPanel } from "../../../components/citation/CitationPanel";
import { Modal } from "../../../components/ui/Modal";
import { categoryKey } from "../../../lib/law-categories";
import { categoryColor, SEARCH_CATEGORIES } from "../lib/categories";
import { lastUpdatedValue } from "../lib/last-updated";
import { ArticleCard } from "./ArticleCard";
import { DocumentCard } from "./DocumentCard";

/** Spec §9: the loading skeleton shows 6 cards. */
export const SKELETON_CARDS = 6;

const citationOf = (article: ArticleResult): Citation => ({
  articleId: article.id,
  lawName: article.lawName,
  lawNameEn: article.lawNameEn ?? "",
  articleNumber: article.articleNumber,
  articleSuffix: article.articleSuffix,
  articleTitle: article.articleTitle,
  status: article.status,
  sourceUrl: article.sourceUrl,
});

/**
 * Search laws (spec §2): text and category, Enter or the button. It searches the knowledge base's
 * articles (opened in the article panel) and the legal documents admins added (full text in a dialog).
 */
export function SearchLawsPage() {
  const { t, i18n } = useTranslation("searchLaws");
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<string>("all");
  const [submitted, setSubmitted] = useState<DocumentSearch | null>(null);
  const [open, setOpen] = useState<LegalDocument | null>(null);
  const [article, setArticle] = useState<Citation | null>(null);
  const documents = useDocumentSearch(submitted);
  const articles = useArticleSearch(submitted, i18n.language);
  const label = (value: string) => t(categoryKey(value), { defaultValue: value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted({ query: query.trim(), category });
  };

  const busy = (q: { isPending: boolean; isFetching: boolean; isPlaceholderData: boolean }) => q.isPending || (q.isFetching && q.isPlaceholderData);
  const loading = submitted !== null && (busy(documents) || busy(articles));
  const documentList = documents.data ?? [];
  const articleList = articles.data ?? [];
  // One search failing still shows what the other found.
  const failure = articles.isError && documentList.length === 0 ? articles.error : documents.isError && articleList.length === 0 ? documents.error : null;

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
      ) : failure ? (
        <div className="library__empty" role="alert">
          <h2>{t("failed")}</h2>
          <p>{serverMessage(failure, i18n.language) ?? failure.message}</p>
        </div>
      ) : documentList.length === 0 && articleList.length === 0 ? (
        <div className="library__empty">
          <h2>{t("emptyTitle")}</h2>
          <p>{t("emptyBody")}</p>
        </div>
      ) : (
        <>
          <p className="laws-count" role="status">
            {t("count", { count: documentList.length + articleList.length })}
          </p>
          {documentList.length > 0 && (
            <section className="laws-section" aria-labelledby="laws-documents">
              <h2 id="laws-documents" className="laws-section__title">
                {t("documentsTitle")}
              </h2>
              <ul className="laws-grid">
                {documentList.map((document) => (
                  <DocumentCard key={document.id} document={document} onOpen={setOpen} />
                ))}
              </ul>
            </section>
          )}
          {articleList.length > 0 && (
            <section className="laws-section" aria-labelledby="laws-articles">
              <h2 id="laws-articles" className="laws-section__title">
                {t("articlesTitle")}
              </h2>
              <ul className="laws-grid">
                {articleList.map((result) => (
                  <ArticleCard key={result.id} article={result} onOpen={(found) => setArticle(citationOf(found))} />
                ))}
              </ul>
            </section>
          )}
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
            {t("source")}: <span dir="auto">{open.source}</span>
            {lastUpdatedValue(open.lastUpdated, i18n.language) && (
              <>
                {" · "}
                {t("lastUpdated")}: <span dir="auto">{lastUpdatedValue(open.lastUpdated, i18n.language)}</span>
              </>
            )}
          </p>
        </Modal>
      )}
      <CitationPanel citation={article} onClose={() => setArticle(null)} />
    </section>
  );
}
