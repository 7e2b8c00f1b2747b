import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../types";
import { CitationChip } from "./CitationChip";

/** One message. Plain text with its line breaks kept; each message picks its own direction. */
export function MessageBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation("chat");
  const isUser = message.role === "user";
  return (
    <li className={`message message--${message.role}${message.incomplete ? " message--incomplete" : ""}`}>
      <span className="visually-hidden">{isUser ? t("you") : t("assistant")}:</span>
      <div className="message__bubble" dir="auto">
        {message.content}
      </div>
      {message.citations.length > 0 && (
        <div className="message__citations">
          <span className="message__citations-title">{t("citations.title")}</span>
          <ul>
            {message.citations.map((citation) => (
              <li key={citation.articleId}>
                <CitationChip citation={citation} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** The answer being streamed: a typing indicator until the first text arrives. */
export function StreamingBubble({ text }: { text: string }) {
  const { t } = useTranslation("chat");
  return (
    <li className="message message--assistant message--streaming" aria-busy="true">
      <span className="visually-hidden">{t("assistant")}:</span>
      {text ? (
        <div className="message__bubble" dir="auto">
          {text}
          <span className="message__caret" aria-hidden="true" />
        </div>
      ) : (
        <div className="message__bubble typing" role="status">
          <span className="typing__dot" aria-hidden="true" />
          <span className="typing__dot" aria-hidden="true" />
          <span className="typing__dot" aria-hidden="true" />
          <span className="visually-hidden">{t("typing")}</span>
        </div>
      )}
    </li>
  );
}
