import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { useArticle } from "../../api/articles";
import type { Citation } from "../../api/citations";
import { safeHttpUrl } from "../../lib/safe-url";
import { CloseIcon } from "../ui/icons";
import { articleLabel, lawNameOf } from "./citation-text";

interface CitationPanelProps {
  citation: Citation | null;
  onClose: () => void;
}

/**
 * The cited article in a side sheet (bottom sheet on phones) over the chat: the full law name (never
 * cut, unlike the chip; in the English UI the official Arabic title under the English one), article
 * number and title, in force / repealed, the full text and the official page. The conversation stays put.
 */
export function CitationPanel({ citation, onClose }: CitationPanelProps) {
  const { t } = useTranslation("chat");
  const query = useArticle(citation?.articleId ?? null);
  const article = query.data;
  const law = article ?? citation;
  const lawName = law ? lawNameOf(law) : "";
  // The official (Arabic) title under an English one: the article text below is the Arabic original.
  const officialName = law && law.lawName && law.lawName !== lawName ? law.lawName : "";
  const lawLang = law && lawName === law.lawName ? "ar" : "en";
  const number = article ? article.articleNumber : (citation?.articleNumber ?? null);
  const suffix = article ? article.articleSuffix : (citation?.articleSuffix ?? "");
  const title = article?.articleTitle || citation?.articleTitle || "";
  const status = article?.status ?? citation?.status ?? null;
  const href = safeHttpUrl(article?.sourceUrl || citation?.sourceUrl);

  return (
    <Dialog.Root open={citation !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet__overlay" />
        <Dialog.Content className="sheet" aria-describedby={undefined}>
          <header className="sheet__header">
            <div>
              <p className="sheet__eyebrow" dir="auto" lang={lawLang}>
                {lawName}
              </p>
              {officialName && (
                <p className="sheet__official-name" dir="rtl" lang="ar">
                  {officialName}
                </p>
              )}
              <Dialog.Title className="sheet__title">
                {articleLabel(t, number, suffix) ?? t("citations.title")}
              </Dialog.Title>
            </div>
            <Dialog.Close className="icon-btn" aria-label={t("citations.close")}>
              <CloseIcon />
            </Dialog.Close>
          </header>
          <div className="sheet__body" tabIndex={0}>
            <p className="sheet__meta">
              {status && (
                <span className={`status-badge status-badge--${status}`}>
                  {status === "repealed" ? t("citations.repealed") : t("citations.inForce")}
                </span>
              )}
              {article?.lawNumber && (
                <span>
                  {t("citations.lawNumber")} <bdi>{article.lawNumber}</bdi>
                </span>
              )}
              {article?.lawDate && (
                <span>
                  {t("citations.lawDate")} <bdi>{article.lawDate}</bdi>
                </span>
              )}
            </p>
            {title && (
              <h3 className="sheet__article-title" dir="auto">
                {title}
              </h3>
            )}
            {query.isPending && citation && (
              <div className="sheet__loading" role="status">
                <span className="skeleton" />
                <span className="skeleton" />
                <span className="skeleton skeleton--short" />
                <span className="visually-hidden">{t("citations.loading")}</span>
              </div>
            )}
            {query.isError && <p className="sheet__unavailable">{t("citations.unavailable")}</p>}
            {article && (
              <div className="sheet__text" dir="auto" lang="ar">
                {article.articleContent}
              </div>
            )}
            {status === "repealed" && <p className="sheet__note">{t("citations.repealedNote")}</p>}
          </div>
          {href && (
            <footer className="sheet__footer">
              <a className="btn btn--primary" href={href} target="_blank" rel="noopener noreferrer">
                {t("citations.official")}
                <span className="visually-hidden"> {t("citations.newTab")}</span>
              </a>
            </footer>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
