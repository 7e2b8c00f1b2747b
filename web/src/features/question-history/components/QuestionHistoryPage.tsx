import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteQuestion, useQuestions, type QuestionItem } from "../../../api/questions";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { Spinner } from "../../../components/ui/Spinner";
import { useAuth } from "../../../lib/auth";
import { formatDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { matchesQuestion } from "../lib/matches-question";

/** Spec §9: the answer preview length. */
export const ANSWER_PREVIEW = 200;

const preview = (text: string, max: number) => {
  const chars = Array.from(text.replace(/[*_`#>|]+/g, "").replace(/\s+/g, " ").trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max).join("").trimEnd()}…`;
};

interface QuestionHistoryPageProps {
  onOpenConversation(conversationId: string, messageId?: string): void;
}

/** Question history (spec §2): search over question and answer, delete, a 200-character answer preview. */
export function QuestionHistoryPage({ onOpenConversation }: QuestionHistoryPageProps) {
  const { t, i18n } = useTranslation("questionHistory");
  const { user } = useAuth();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const questions = useQuestions(user?.id, deferred);
  const remove = useDeleteQuestion();
  const items = (questions.data ?? []).filter((item) => matchesQuestion(item, search));

  const [pending, setPending] = useState<QuestionItem | null>(null);

  const onDelete = (item: QuestionItem) =>
    remove.mutate(item.id, {
      onSettled: () => setPending(null),
      onSuccess: () => toast({ title: t("deleted"), variant: "success" }),
      onError: (error) => {
        console.error("Deleting the question failed", error);
        toast({ title: t("deleteFailed"), variant: "destructive" });
      },
    });

  const empty = !search.trim() ? (
    <div className="library__empty">
      <h2>{t("emptyTitle")}</h2>
      <p>{t("emptyBody")}</p>
    </div>
  ) : (
    <div className="library__empty">
      <h2>{t("noMatchTitle")}</h2>
      <p>{t("noMatchBody")}</p>
    </div>
  );

  return (
    <section className="library" aria-labelledby="questions-title">
      <header className="library__header">
        <h1 id="questions-title">{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      <div className="library__search" role="search">
        <label htmlFor="question-search" className="visually-hidden">
          {t("searchLabel")}
        </label>
        <input id="question-search" type="search" className="input" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("searchPlaceholder")} dir="auto" />
      </div>
      {questions.isPending ? (
        <div className="library__loading">
          <Spinner label={t("loading")} />
        </div>
      ) : questions.isError ? (
        <div className="library__empty" role="alert">
          <p>{t("loadFailed")}</p>
          <button type="button" className="btn btn--subtle" onClick={() => void questions.refetch()}>
            {t("retry")}
          </button>
        </div>
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className="library__list" aria-busy={questions.isFetching}>
          {items.map((item) => (
            <li key={item.id} className="library-card library-card--stacked">
              <div className="library-card__body">
                <h2 className="library-card__title" dir="auto">
                  {item.question}
                </h2>
                <p className="library-card__preview" dir="auto">
                  {preview(item.answer, ANSWER_PREVIEW)}
                </p>
                <p className="library-card__meta">
                  {item.createdAt && <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, i18n.language)}</time>}
                  {item.category && <span className="badge">{item.category}</span>}
                </p>
              </div>
              <div className="library-card__actions">
                {item.conversationId && (
                  <button type="button" className="btn btn--subtle btn--sm" onClick={() => onOpenConversation(item.conversationId, item.messageId || undefined)}>
                    {t("open")}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => setPending(item)}
                  disabled={remove.isPending && remove.variables === item.id}
                  aria-label={`${t("delete")}: ${preview(item.question, 45)}`}
                >
                  {t("delete")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={t("confirmTitle")}
          description={<>{t("confirmBody")} <bdi>«{preview(pending.question, 60)}»</bdi></>}
          confirmLabel={t("delete")}
          onConfirm={() => onDelete(pending)}
          busy={remove.isPending}
        />
      )}
    </section>
  );
}
