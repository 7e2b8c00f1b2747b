import { useTranslation } from "react-i18next";
import type { ArticleResult } from "../../../api/articles";
import { categoryKey } from "../../../lib/law-categories";
import { categoryColor } from "../lib/categories";

interface ArticleCardProps {
  article: ArticleResult;
  onOpen: (article: ArticleResult) => void;
}

/** One article found in the knowledge base: its law, category, article number, status and opening words. */
export function ArticleCard({ article, onOpen }: ArticleCardProps) {
  const { t, i18n } = useTranslation("searchLaws");
  const english = i18n.language === "en" && Boolean(article.lawNameEn);
  const lawName = english ? article.lawNameEn! : article.lawName;
  const number = article.articleSuffix ? `${article.articleNumber} ${article.articleSuffix}` : String(article.articleNumber);
  const label = t("article", { number });
  return (
    <li className="law-card law-card--article">
      <p className="law-card__tags">
        {article.category && (
          <span className={`law-badge law-badge--${categoryColor(article.category)}`}>{t(categoryKey(article.category), { defaultValue: article.category })}</span>
        )}
        <span className={`status-badge status-badge--${article.status}`}>{t(article.status === "repealed" ? "repealed" : "inForce")}</span>
      </p>
      <h3 className="law-card__title" lang={english ? "en" : "ar"} dir={english ? "ltr" : "rtl"}>
        {lawName}
      </h3>
      <p className="law-card__article">{label}</p>
      <p className="law-card__excerpt" lang="ar" dir="rtl">
        {article.excerpt}
      </p>
      <button type="button" className="btn btn--subtle btn--sm law-card__open" onClick={() => onOpen(article)} aria-label={t("openArticleNamed", { law: lawName, article: label })}>
        {t("openArticle")}
      </button>
    </li>
  );
}
