import { useState } from "react";
import { useTranslation } from "react-i18next";
import { conversationDate, conversationTitle, useConversationHistory, useDeleteConversation, type ConversationSummary } from "../../../api/conversations";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { Spinner } from "../../../components/ui/Spinner";
import { useAuth } from "../../../lib/auth";
import { formatDateTime, formatRelativeDate } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { titleLengthFor, truncate } from "../lib/truncate";
import { useWindowWidth } from "../lib/use-window-width";

interface HistoryPageProps {
  /** The conversation open in chat, if any. */
  selectedConversationId?: string | null;
  onSelectConversation(id: string): void;
  /** Called after the open conversation was deleted: the selection resets to none (spec §4). */
  onSelectedDeleted?(): void;
}

/** Chat history (spec §2): the conversation list with delete; titles cut by window width (spec §9). */
export function HistoryPage({ selectedConversationId, onSelectConversation, onSelectedDeleted }: HistoryPageProps) {
  const { t, i18n } = useTranslation("history");
  const { user } = useAuth();
  const history = useConversationHistory(user?.id, { refetchOnMount: "always" });
  const remove = useDeleteConversation();
  const width = useWindowWidth();
  const max = titleLengthFor(width);

  const [pending, setPending] = useState<ConversationSummary | null>(null);

  const onDelete = (item: ConversationSummary) => {
    remove.mutate(item.id, {
      onSettled: () => setPending(null),
      onSuccess: () => {
        toast({ title: t("deleted"), variant: "success" });
        if (item.id === selectedConversationId) onSelectedDeleted?.();
      },
      onError: (error) => {
        console.error("Deleting the conversation failed", error);
        toast({ title: t("deleteFailed"), variant: "destructive" });
      },
    });
  };

  return (
    <section className="library" aria-labelledby="history-title">
      <header className="library__header">
        <h1 id="history-title">{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      {history.isPending ? (
        <div className="library__loading">
          <Spinner label={t("loading")} />
        </div>
      ) : history.isError ? (
        <div className="library__empty" role="alert">
          <p>{t("loadFailed")}</p>
          <button type="button" className="btn btn--subtle" onClick={() => void history.refetch()}>
            {t("retry")}
          </button>
        </div>
      ) : history.data.length === 0 ? (
        <div className="library__empty">
          <h2>{t("emptyTitle")}</h2>
          <p>{t("emptyBody")}</p>
        </div>
      ) : (
        <ul className="library__list">
          {history.data.map((item) => {
            const title = conversationTitle(item) || t("untitled");
            const date = conversationDate(item);
            const current = item.id === selectedConversationId;
            return (
              <li key={item.id} className={`library-card${current ? " library-card--current" : ""}`}>
                <button type="button" className="library-card__main" onClick={() => onSelectConversation(item.id)} title={title}>
                  <span className="library-card__title" dir="auto">
                    {truncate(title, max)}
                  </span>
                  <span className="library-card__meta">
                    {date && (
                      <time dateTime={date} title={formatDateTime(date, i18n.language)}>
                        {formatRelativeDate(date, i18n.language)}
                      </time>
                    )}
                    {item.messageCount > 0 && <span>{t("messages", { count: item.messageCount })}</span>}
                  </span>
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm library-card__delete"
                  onClick={() => setPending(item)}
                  disabled={remove.isPending && remove.variables === item.id}
                  aria-label={`${t("delete")}: ${truncate(title, 45)}`}
                >
                  <TrashIcon />
                  <span className="library-card__delete-label">{t("delete")}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={t("confirmTitle")}
          description={<>{t("confirmBody")} <bdi>«{truncate(conversationTitle(pending) || t("untitled"), 60)}»</bdi></>}
          confirmLabel={t("delete")}
          onConfirm={() => onDelete(pending)}
          busy={remove.isPending}
        />
      )}
    </section>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}
