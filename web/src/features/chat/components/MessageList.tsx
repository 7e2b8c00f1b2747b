import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../api/messages";
import type { StreamStore } from "../lib/stream-store";
import { MessageBubble, StreamingBubble, type MessageActions } from "./MessageBubble";

interface MessageListProps {
  messages: ChatMessage[];
  stream: StreamStore;
  actions: MessageActions;
  /** messageId → favorite id. */
  favorites: ReadonlyMap<string, string>;
  busy: boolean;
  highlightId: string | null;
}

/** Memoized: re-renders when messages, favorites or the request state change, never per chunk. */
export const MessageList = memo(function MessageList({ messages, stream, actions, favorites, busy, highlightId }: MessageListProps) {
  const { t } = useTranslation("chat");
  let lastAnswer = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === "assistant") {
      lastAnswer = i;
      break;
    }
  }
  return (
    <section aria-label={t("conversation")}>
      <h1 className="visually-hidden">{t("conversation")}</h1>
      <ol className="message-list">
        {messages.map((message, index) => (
          <MessageBubble
            key={message.id}
            message={message}
            actions={actions}
            favoriteId={favorites.get(message.id) ?? null}
            isLast={index === lastAnswer && index === messages.length - 1}
            busy={busy}
            highlighted={message.id === highlightId}
          />
        ))}
        <StreamingBubble store={stream} />
      </ol>
    </section>
  );
});
