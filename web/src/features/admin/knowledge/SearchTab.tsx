import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { MIN_KNOWLEDGE_QUERY, useKnowledgeSearch } from "../../../api/admin-knowledge";
import { serverMessage } from "../../../api/client";

/** Search Knowledge (spec §2): at least 3 characters; results in a 400 px scroll area. */
export function SearchTab() {
  const { t, i18n } = useTranslation("adminKnowledge");
  const id = useId();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const search = useKnowledgeSearch(query, i18n.language);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if ([...value].length < MIN_KNOWLEDGE_QUERY) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    setQuery(value);
  };

  const results = search.data ?? [];
  const active = query !== "" && !tooShort;

  return (
    <div className="km-search">
      <h2 className="km-heading">{t("search.title")}</h2>
      <form className="km-search__form" role="search" onSubmit={onSubmit}>
        <label htmlFor={`${id}-query`} className="visually-hidden">
          {t("search.label")}
        </label>
        <input
          id={`${id}-query`}
          className="km-input"
          type="search"
          value={text}
          placeholder={t("search.placeholder")}
          onChange={(event) => {
            setText(event.target.value);
            if (tooShort) setTooShort(false);
          }}
          aria-invalid={tooShort || undefined}
          aria-describedby={tooShort ? `${id}-short` : undefined}
        />
        <button type="submit" className="btn btn--primary">
          {t("search.submit")}
        </button>
      </form>
      <div aria-live="polite" className="km-search__status">
        {tooShort && (
          <p id={`${id}-short`} className="km-error">
            {t("search.tooShort", { value: MIN_KNOWLEDGE_QUERY })}
          </p>
        )}
        {active && search.isFetching && <p className="km-muted">{t("search.loading")}</p>}
        {active && search.isError && (
          <p className="km-error" role="alert">
            {t("search.failed")}: {serverMessage(search.error, i18n.language) ?? search.error.message}
          </p>
        )}
        {active && search.isSuccess && !search.isFetching && <p className="km-muted">{results.length === 0 ? t("search.none") : t("search.results", { value: results.length })}</p>}
      </div>
      {active && results.length > 0 && (
        <div className="km-scroll" role="region" aria-label={t("search.resultsLabel")} tabIndex={0}>
          <ol className="km-results">
            {results.map((article) => (
              <li key={article.id} className="km-result-card">
                <div className="km-result-card__head">
                  <span className="km-result-card__law">{article.lawName}</span>
                  <span className="km-badge">{t("search.article", { number: article.articleNumber })}</span>
                </div>
                <dl className="km-result-card__meta">
                  <div>
                    <dt>{t("search.lawNumber")}</dt>
                    <dd>{article.lawNumber || t("search.unknown")}</dd>
                  </div>
                  <div>
                    <dt>{t("search.lawDate")}</dt>
                    <dd>{article.lawDate || t("search.unknown")}</dd>
                  </div>
                </dl>
                {article.articleTitle && <p className="km-result-card__title">{article.articleTitle}</p>}
                <p className="km-result-card__content" dir="auto">
                  {article.articleContent}
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
