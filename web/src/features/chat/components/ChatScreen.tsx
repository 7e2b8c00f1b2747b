import "./chat.css";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Citation } from "../../../api/citations";
import { serverMessage } from "../../../api/client";
import { addMessageFavorite, deleteFavorite, useFavorites, type Favorite } from "../../../api/favorites";
import { giveFeedback } from "../../../api/feedback";
import { useGuestSession } from "../../../api/guest-session";
import { favoriteKeys } from "../../../api/keys";
import type { ChatMessage } from "../../../api/messages";
import { useProviders } from "../../../api/providers";
import { useQuota } from "../../../api/quota";
import { useAuthModal } from "../../../components/auth-modal";
import { CitationPanel } from "../../../components/citation/CitationPanel";
import { currentLanguage } from "../../../i18n";
import { useAuth } from "../../../lib/auth";
import { HIGHLIGHT_MS, MODEL_LABEL } from "../constants";
import { useChat } from "../hooks/use-chat";
import { splitFollowUps } from "../lib/follow-ups";
import { Composer } from "./Composer";
import { Disclaimer } from "./Disclaimer";
import { ErrorPanel } from "./ErrorPanel";
import { GuestBanner, LockOverlay, QuotaBadge, UpsellCard } from "./GuestPrompts";
import { ChipIcon } from "./icons";
import { LimitNotice } from "./LimitNotice";
import type { MessageActions } from "./MessageBubble";
import { MessageList } from "./MessageList";
import { ProviderPicker } from "./ProviderPicker";
import { Welcome } from "./Welcome";

/** Distance from the bottom (px) within which new text keeps the view scrolled to the end. */
const STICK_THRESHOLD_PX = 96;
/** Typed "answer all" requests (spec §4): they send every suggested follow-up. */
const ANSWER_ALL_REQUEST = /^(?:answer (?:them )?all|answer all (?:the )?(?:suggested )?questions|أجب عن(?:ها)? (?:جميع|كل)(?:ها)?(?: الأسئلة)?(?: المقترحة)?|أجب عن الكل)[.!؟?]*$/i;

export interface ChatScreenProps {
  /** Open this stored conversation. */
  conversationId?: string | null;
  /** Highlight (3 s) and scroll to this message once it is on screen. */
  highlightMessageId?: string | null;
  /** Called with a new conversation's id once its first answer is complete, and with null on New Chat. */
  onSelectConversation?: (conversationId: string | null) => void;
}

export function ChatScreen({ conversationId = null, highlightMessageId = null, onSelectConversation }: ChatScreenProps = {}) {
  const { t } = useTranslation("chat");
  const { user } = useAuth();
  const authModal = useAuthModal();
  const queryClient = useQueryClient();
  const isGuest = !user;
  // Only a guest asks through the guest session (cookie); a signed-in user can ask at once. Waiting
  // for it as well made an Enter pressed right after sign-in (before the POST answered) do nothing.
  const session = useGuestSession(isGuest);
  const sessionReady = !isGuest || session.isSuccess;
  const ownerKey = user?.id ?? "guest";
  const quota = useQuota(ownerKey, sessionReady);
  const favorites = useFavorites(user?.id);
  const [provider, setProvider] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const providers = useProviders(provider !== null);
  const picked = providers.data?.find((p) => p.id === provider);
  const providerLabel = !picked || picked.specialised ? MODEL_LABEL : picked.label;
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const [upsellDismissed, setUpsellDismissed] = useState(false);
  const [citation, setCitation] = useState<Citation | null>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);

  const { refetch: refetchQuota } = quota;
  const chat = useChat({
    conversationId,
    provider,
    onConversation: onSelectConversation,
    onExchangeDone: useCallback(() => void refetchQuota(), [refetchQuota]),
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stickToBottomRef = useRef(true);

  const remaining = quota.data?.remaining ?? null;
  const guestLocked = isGuest && remaining !== null && remaining <= 0;
  const openSignUp = useCallback(() => authModal.open("signup"), [authModal]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (el) stickToBottomRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD_PX;
  };

  // Keep the end in view while content grows (streamed text included) unless the user scrolled up.
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content) return;
    const observer = new ResizeObserver(() => {
      if (stickToBottomRef.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  // A linked message: scroll to it and highlight it for 3 s, once it is on screen.
  const highlightDoneRef = useRef<string | null>(null);
  useEffect(() => {
    if (!highlightMessageId || highlightDoneRef.current === highlightMessageId) return;
    if (!chat.messages.some((m) => m.id === highlightMessageId)) return;
    highlightDoneRef.current = highlightMessageId;
    stickToBottomRef.current = false;
    setHighlightId(highlightMessageId);
    document.getElementById(`message-${highlightMessageId}`)?.scrollIntoView({ block: "center" });
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightMessageId, chat.messages]);

  const { send, answerAll, setReaction, messages } = chat;
  const lastFollowUps = useMemo(() => {
    const last = messages[messages.length - 1];
    return last?.role === "assistant" ? splitFollowUps(last.content).followUps : [];
  }, [messages]);

  const onSend = useCallback(
    (text: string) => {
      stickToBottomRef.current = true;
      if (lastFollowUps.length > 0 && ANSWER_ALL_REQUEST.test(text.trim())) {
        chat.setDraft("");
        void answerAll(lastFollowUps);
        return;
      }
      void send(text);
    },
    [send, answerAll, lastFollowUps, chat],
  );

  const favoriteMap = useMemo(() => {
    const map = new Map<string, string>();
    for (const favorite of favorites.data ?? []) if (favorite.type === "message") map.set(favorite.referenceId, favorite.id);
    return map;
  }, [favorites.data]);

  // One stable object: rows stay memoized across renders of the screen.
  const stateRef = useRef({ userId: user?.id, messages });
  stateRef.current = { userId: user?.id, messages };
  const actions = useMemo<MessageActions>(
    () => ({
      onReact: (message, type) => {
        const before = message.reaction ?? null;
        setReaction(message.id, before === type ? null : type); // optimistic toggle
        giveFeedback(message.id, type).then(
          (now) => setReaction(message.id, now),
          (error: unknown) => {
            console.error("Saving the reaction failed", error);
            setReaction(message.id, before);
          },
        );
      },
      onFavorite: (message: ChatMessage, favoriteId) => {
        const { userId } = stateRef.current;
        if (!userId) {
          authModal.open("signup");
          return;
        }
        const update = (fn: (list: Favorite[]) => Favorite[]) => queryClient.setQueryData<Favorite[]>(favoriteKeys.list(userId), (list) => fn(list ?? []));
        if (favoriteId) {
          update((list) => list.filter((f) => f.id !== favoriteId));
          deleteFavorite(favoriteId).catch((error: unknown) => console.error("Removing the favorite failed", error)).finally(() => void queryClient.invalidateQueries({ queryKey: favoriteKeys.all }));
        } else {
          const placeholder: Favorite = {
            id: `pending-${message.id}`,
            type: "message",
            referenceId: message.id,
            title: message.content.slice(0, 100),
            content: message.content,
            category: null,
            conversationId: null,
            createdAt: null,
          };
          update((list) => [placeholder, ...list]);
          addMessageFavorite(message.id, message.content)
            .then((saved) => update((list) => list.map((f) => (f.id === placeholder.id ? saved : f))))
            .catch((error: unknown) => {
              console.error("Saving the favorite failed", error); // spec §8: only logged
              update((list) => list.filter((f) => f.id !== placeholder.id));
            });
        }
      },
      onRetry: (message) => {
        const list = stateRef.current.messages;
        const index = list.findIndex((m) => m.id === message.id);
        const question = [...list.slice(0, index)].reverse().find((m) => m.role === "user");
        if (question) {
          stickToBottomRef.current = true;
          void send(question.content);
        }
      },
      onFollowUp: (question) => {
        stickToBottomRef.current = true;
        void send(question);
      },
      onAnswerAll: (questions) => {
        stickToBottomRef.current = true;
        void answerAll(questions);
      },
      onOpenCitation: setCitation,
    }),
    [authModal, queryClient, send, answerAll, setReaction],
  );

  const newChat = () => {
    chat.reset();
    onSelectConversation?.(null); // the address no longer names the old conversation
    setHighlightId(null);
    setPickerOpen(false);
  };

  const hasConversation = messages.length > 0 || chat.streaming || chat.loading;
  const guestAnswered = isGuest && messages.some((m) => m.role === "assistant");
  const placeholder = guestLocked ? t("guest.lockedTitle") : !sessionReady && session.isPending ? t("input.sessionPending") : t("input.placeholder");
  const busy = chat.isPending || chat.answeringAll;

  return (
    <div className="chat">
      <div className="chat__toolbar">
        <button
          type="button"
          className="btn btn--subtle btn--sm"
          aria-expanded={pickerOpen}
          aria-controls="provider-panel"
          onClick={() => setPickerOpen((open) => !open)}
        >
          <ChipIcon />
          <span className="chat__provider-label">{t("providers.button")}</span>
          <bdi className="chat__provider">{providerLabel}</bdi>
        </button>
        {remaining !== null && <QuotaBadge remaining={remaining} isGuest={isGuest} />}
        {hasConversation && (
          <button type="button" className="btn btn--subtle btn--sm chat__new" onClick={newChat}>
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M8 2v12M2 8h12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            {t("newChat")}
          </button>
        )}
      </div>
      <div id="provider-panel">
        <ProviderPicker
          open={pickerOpen}
          selected={provider}
          onSelect={(id) => {
            setProvider(id);
            setPickerOpen(false);
          }}
          onClose={() => setPickerOpen(false)}
        />
      </div>
      <div className="chat__scroll" ref={scrollRef} onScroll={onScroll}>
        <div className="chat__content" ref={contentRef}>
          {isGuest && !bannerDismissed && remaining !== null && remaining > 0 && hasConversation && (
            <GuestBanner remaining={remaining} onRegister={openSignUp} onDismiss={() => setBannerDismissed(true)} />
          )}
          {hasConversation ? (
            <MessageList
              messages={messages}
              stream={chat.stream}
              actions={actions}
              favorites={favoriteMap}
              busy={busy}
              highlightId={highlightId}
            />
          ) : (
            <Welcome guest={isGuest ? { remaining, onRegister: openSignUp } : undefined} />
          )}
          {chat.loading && (
            <p className="chat__loading" role="status">
              {t("loadingConversation")}
            </p>
          )}
          {isGuest && session.isError && (
            <ErrorPanel
              message={serverMessage(session.error, currentLanguage()) ?? t("error.session")}
              onRetry={() => void session.refetch()}
              retryDisabled={session.isFetching}
            />
          )}
          {chat.error && chat.error.kind === "error" && !(isGuest && session.isError) && (
            <ErrorPanel
              message={chat.error.message}
              onRetry={chat.retry}
              retryDisabled={chat.isPending}
              onSwitchProvider={() => {
                setPickerOpen(true);
                scrollRef.current?.scrollTo({ top: 0 });
              }}
            />
          )}
          {guestAnswered && !upsellDismissed && !chat.streaming && !chat.error && (
            <UpsellCard onRegister={openSignUp} onLater={() => setUpsellDismissed(true)} />
          )}
        </div>
      </div>
      <div className="chat__footer">
        <div className="chat__footer-inner">
          {chat.error?.kind === "limit" && !guestLocked && (
            <LimitNotice message={chat.error.message} isGuest={isGuest} onRegister={openSignUp} onDismiss={chat.dismissError} />
          )}
          <Disclaimer />
          <Composer
            value={chat.draft}
            onChange={chat.setDraft}
            onSend={onSend}
            onStop={chat.stop}
            isPending={busy}
            canAsk={sessionReady && !guestLocked}
            disabled={guestLocked}
            placeholder={placeholder}
          />
          {guestLocked && <LockOverlay onRegister={openSignUp} />}
        </div>
      </div>
      <CitationPanel citation={citation} onClose={() => setCitation(null)} />
    </div>
  );
}
