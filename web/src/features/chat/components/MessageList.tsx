import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../types";
import { MessageBubble, StreamingBubble } from "./MessageBubble";

interface MessageListProps {
  messages: ChatMessage[];
  /** null when no answer is being streamed. */
  streamingText: string | null;
}

export function MessageList({ messages, streamingText }: MessageListProps) {
  const { t } = useTranslation("chat");
  return (
    <section aria-label={t("conversation")}>
      <h1 className="visually-hidden">{t("conversation")}</h1>
      <ol className="message-list">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        {streamingText !== null && <StreamingBubble text={streamingText} />}
      </ol>
    </section>
  );
}
