import "./chat.css";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { serverMessage } from "../../../lib/api";
import { useGuestSession } from "../api/create-guest-session";
import { useChat } from "../hooks/use-chat";
import { Composer } from "./Composer";
import { Disclaimer } from "./Disclaimer";
import { ErrorPanel } from "./ErrorPanel";
import { MessageList } from "./MessageList";
import { Welcome } from "./Welcome";

/** Distance from the bottom (px) within which new text keeps the view scrolled to the end. */
const STICK_THRESHOLD_PX = 96;

export function ChatScreen() {
  const { t } = useTranslation("chat");
  const session = useGuestSession();
  const chat = useChat();
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottomRef = useRef(true);

  const onScroll = () => {
    const el = scrollRef.current;
    if (el) stickToBottomRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD_PX;
  };

  useEffect(() => {
    const el = scrollRef.current;
    if (el && stickToBottomRef.current) el.scrollTop = el.scrollHeight;
  }, [chat.messages, chat.streamingText, chat.error, session.isError]);

  const { send } = chat;
  const onSend = useCallback(
    (text: string) => {
      stickToBottomRef.current = true;
      void send(text);
    },
    [send],
  );

  const hasConversation = chat.messages.length > 0 || chat.streamingText !== null;
  const placeholder = session.isPending ? t("input.sessionPending") : t("input.placeholder");

  return (
    <div className="chat">
      {hasConversation && (
        <div className="chat__toolbar">
          <button type="button" className="btn btn--subtle" onClick={chat.reset}>
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M8 2v12M2 8h12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            {t("newChat")}
          </button>
        </div>
      )}
      <div className="chat__scroll" ref={scrollRef} onScroll={onScroll}>
        <div className="chat__content">
          {hasConversation ? (
            <MessageList messages={chat.messages} streamingText={chat.streamingText} />
          ) : (
            <Welcome />
          )}
          {session.isError && (
            <ErrorPanel
              message={serverMessage(session.error, currentLanguage()) ?? t("error.session")}
              onRetry={() => void session.refetch()}
              retryDisabled={session.isFetching}
            />
          )}
          {chat.error && !session.isError && (
            <ErrorPanel message={chat.error.message} onRetry={chat.retry} retryDisabled={chat.isPending} />
          )}
        </div>
      </div>
      <div className="chat__footer">
        <div className="chat__footer-inner">
          <Disclaimer />
          <Composer
            value={chat.draft}
            onChange={chat.setDraft}
            onSend={onSend}
            onStop={chat.stop}
            isPending={chat.isPending}
            canAsk={session.isSuccess}
            placeholder={placeholder}
          />
        </div>
      </div>
    </div>
  );
}
