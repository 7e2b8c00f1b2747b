import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { useDeleteFavorite, useFavorites, type Favorite } from "../../../api/favorites";
import { getMessageConversationId } from "../../../api/messages";
import { Modal } from "../../../components/ui/Modal";
import { Spinner } from "../../../components/ui/Spinner";
import { useAuth } from "../../../lib/auth";
import { formatDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";

/** Spec §9: the list cuts titles at 50 and contents at 120 characters. */
export const TITLE_MAX = 50;
export const CONTENT_MAX = 120;

const cut = (text: string, max: number) => {
  const chars = Array.from(text.replace(/[*_`#>|]+/g, "").replace(/\s+/g, " ").trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max).join("").trimEnd()}…`;
};

interface FavoritesPageProps {
  /** Opens a conversation in chat, optionally highlighting a message. */
  onOpenConversation(conversationId: string, highlightMessageId?: string): void;
}

/**
 * Favorites (spec §2, §4): a message favorite opens its conversation highlighting that message; when
 * the conversation cannot be found, the favorite itself is shown (the fallback); a conversation
 * favorite opens the conversation.
 */
export function FavoritesPage({ onOpenConversation }: FavoritesPageProps) {
  const { t, i18n } = useTranslation("favorites");
  const { user } = useAuth();
  const favorites = useFavorites(user?.id, { refetchOnMount: "always" });
  const remove = useDeleteFavorite();
  const [shown, setShown] = useState<Favorite | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (favorite: Favorite) => {
    if (favorite.type === "conversation") {
      const id = favorite.conversationId || favorite.referenceId;
      if (id) return onOpenConversation(id);
    }
    if (favorite.type === "message" && favorite.referenceId) {
      // Ask for the message even when the favorite names its conversation: the list may predate
      // the conversation's deletion (another tab or device), and then the favorite itself is shown.
      let conversationId: string | null = null;
      setOpening(favorite.id);
      try {
        conversationId = await getMessageConversationId(favorite.referenceId);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) console.error("Finding the favorite's conversation failed", error);
      } finally {
        setOpening(null);
      }
      if (conversationId) return onOpenConversation(conversationId, favorite.referenceId);
    }
    setShown(favorite);
  };

  const onDelete = (favorite: Favorite) =>
    remove.mutate(favorite.id, {
      onSuccess: () => toast({ title: t("deleted"), variant: "success" }),
      onError: (error) => {
        console.error("Deleting the favorite failed", error);
        toast({ title: t("deleteFailed"), variant: "destructive" });
      },
    });

  return (
    <section className="library" aria-labelledby="favorites-title">
      <header className="library__header">
        <h1 id="favorites-title">{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      {favorites.isPending ? (
        <div className="library__loading">
          <Spinner label={t("loading")} />
        </div>
      ) : favorites.isError ? (
        <div className="library__empty" role="alert">
          <p>{t("loadFailed")}</p>
          <button type="button" className="btn btn--subtle" onClick={() => void favorites.refetch()}>
            {t("retry")}
          </button>
        </div>
      ) : favorites.data.length === 0 ? (
        <div className="library__empty">
          <h2>{t("emptyTitle")}</h2>
          <p>{t("emptyBody")}</p>
        </div>
      ) : (
        <ul className="library__list">
          {favorites.data.map((favorite) => {
            const title = favorite.title || favorite.content || t("untitled");
            return (
              <li key={favorite.id} className="library-card library-card--stacked">
                <button type="button" className="library-card__main" onClick={() => void open(favorite)} aria-busy={opening === favorite.id}>
                  <span className="library-card__title" dir="auto">
                    {cut(title, TITLE_MAX)}
                  </span>
                  {favorite.content && (
                    <span className="library-card__preview" dir="auto">
                      {cut(favorite.content, CONTENT_MAX)}
                    </span>
                  )}
                  <span className="library-card__meta">
                    <span className="badge">{t(`types.${favorite.type}`)}</span>
                    {favorite.category && <span>{favorite.category}</span>}
                    {favorite.createdAt && <time dateTime={favorite.createdAt}>{formatDateTime(favorite.createdAt, i18n.language)}</time>}
                  </span>
                </button>
                <div className="library-card__actions">
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => onDelete(favorite)}
                    disabled={remove.isPending && remove.variables === favorite.id}
                    aria-label={`${t("delete")}: ${cut(title, TITLE_MAX)}`}
                  >
                    {t("delete")}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {shown && (
        <Modal open onOpenChange={(value) => !value && setShown(null)} title={cut(shown.title || t("untitled"), TITLE_MAX)} size="md">
          <p className="library-dialog__text" dir="auto">
            {shown.content}
          </p>
        </Modal>
      )}
    </section>
  );
}
