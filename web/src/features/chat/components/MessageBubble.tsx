import { memo, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Citation } from "../../../api/citations";
import type { ChatMessage } from "../../../api/messages";
import { answerCopyText } from "../lib/copy-text";
import { isApology, splitFollowUps } from "../lib/follow-ups";
import { useStreamText, type StreamStore } from "../lib/stream-store";
import { CitationChip, citationLabel } from "./CitationChip";
import { CheckIcon, CopyIcon, DislikeIcon, LikeIcon, RetryIcon, StarIcon } from "./icons";
import { Markdown } from "./Markdown";

/** Stable callbacks shared by every row (one object, so rows stay memoized). */
export interface MessageActions {
  onReact(message: ChatMessage, type: "like" | "dislike"): void;
  onFavorite(message: ChatMessage, favoriteId: string | null): void;
  onRetry(message: ChatMessage): void;
  onFollowUp(question: string): void;
  onAnswerAll(questions: string[]): void;
  onOpenCitation(citation: Citation): void;
}

interface MessageBubbleProps {
  message: ChatMessage;
  actions: MessageActions;
  /** The favorite saved for this message, if any. */
  favoriteId: string | null;
  /** The newest answer: its follow-ups and its Retry are offered. */
  isLast: boolean;
  /** A request is running: follow-ups and Retry wait. */
  busy: boolean;
  highlighted: boolean;
}

/**
 * One message. Answers are safe Markdown with their sources as chips, reactions, copy, favorite,
 * and (newest answer) follow-up chips. Memoized: streaming never re-renders the rows.
 */
export const MessageBubble = memo(function MessageBubble({ message, actions, favoriteId, isLast, busy, highlighted }: MessageBubbleProps) {
  const { t } = useTranslation("chat");
  const isUser = message.role === "user";
  const { body, followUps } = useMemo(() => (isUser ? { body: message.content, followUps: [] } : splitFollowUps(message.content)), [isUser, message.content]);
  const className = [
    "message",
    `message--${message.role}`,
    message.incomplete ? "message--incomplete" : "",
    message.temporary ? "message--temporary" : "",
    highlighted ? "message--highlighted" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <li className={className} id={`message-${message.id}`} data-message-id={message.id}>
      <span className="visually-hidden">{isUser ? t("you") : t("assistant")}:</span>
      {isUser ? (
        <div className="message__bubble" dir="auto">
          {message.content}
        </div>
      ) : (
        <div className="message__bubble">
          <Markdown text={body} />
        </div>
      )}
      {message.citations.length > 0 && (
        <div className="message__citations">
          <span className="message__citations-title">{t("citations.title")}</span>
          <ul>
            {message.citations.map((citation) => (
              <li key={citation.articleId}>
                <CitationChip citation={citation} onOpen={actions.onOpenCitation} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {!isUser && !message.incomplete && (
        <AnswerActions message={message} actions={actions} favoriteId={favoriteId} showRetry={isLast && isApology(message.content)} busy={busy} />
      )}
      {!isUser && isLast && followUps.length > 0 && (
        <div className="follow-ups">
          <h3 className="follow-ups__title">{t("followUps.title")}</h3>
          <ul>
            {followUps.map((question) => (
              <li key={question}>
                <button type="button" className="follow-up" dir="auto" disabled={busy} onClick={() => actions.onFollowUp(question)}>
                  {question}
                </button>
              </li>
            ))}
          </ul>
          {followUps.length > 1 && (
            <button type="button" className="btn btn--subtle btn--sm follow-ups__all" disabled={busy} onClick={() => actions.onAnswerAll(followUps)}>
              {t("followUps.answerAll")}
            </button>
          )}
        </div>
      )}
    </li>
  );
});

function AnswerActions({ message, actions, favoriteId, showRetry, busy }: { message: ChatMessage; actions: MessageActions; favoriteId: string | null; showRetry: boolean; busy: boolean }) {
  const { t } = useTranslation("chat");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  // Clean text, not Markdown: no marks, no follow-up questions, the sources listed at the end.
  const copy = () => {
    const text = answerCopyText(message.content, message.citations, { sourcesTitle: t("actions.copySources"), describe: (citation) => citationLabel(t, citation, "parenthesis") });
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      (error: unknown) => console.error("Copy failed", error),
    );
  };
  // Reactions and favorites need the stored message; a temporary one waits for its re-fetch.
  const stored = message.persisted === true;
  return (
    <div className="message__actions">
      {showRetry && (
        <button type="button" className="btn btn--subtle btn--sm" disabled={busy} onClick={() => actions.onRetry(message)}>
          <RetryIcon />
          {t("actions.retry")}
        </button>
      )}
      <button
        type="button"
        className="action-btn"
        aria-pressed={message.reaction === "like"}
        aria-label={t("actions.like")}
        title={t("actions.like")}
        disabled={!stored}
        onClick={() => actions.onReact(message, "like")}
      >
        <LikeIcon filled={message.reaction === "like"} />
      </button>
      <button
        type="button"
        className="action-btn"
        aria-pressed={message.reaction === "dislike"}
        aria-label={t("actions.dislike")}
        title={t("actions.dislike")}
        disabled={!stored}
        onClick={() => actions.onReact(message, "dislike")}
      >
        <DislikeIcon filled={message.reaction === "dislike"} />
      </button>
      <button type="button" className="action-btn" aria-label={copied ? t("actions.copied") : t("actions.copy")} title={t("actions.copy")} onClick={copy}>
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
      <button
        type="button"
        className={`action-btn${favoriteId ? " action-btn--on" : ""}`}
        aria-pressed={favoriteId !== null}
        aria-label={favoriteId ? t("actions.unfavorite") : t("actions.favorite")}
        title={favoriteId ? t("actions.unfavorite") : t("actions.favorite")}
        disabled={!stored}
        onClick={() => actions.onFavorite(message, favoriteId)}
      >
        <StarIcon filled={favoriteId !== null} />
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t("actions.copied") : ""}
      </span>
    </div>
  );
}

/**
 * The answer being streamed. It alone subscribes to the stream store: a chunk re-renders this
 * component only. A typing indicator shows until the first text arrives.
 */
export function StreamingBubble({ store }: { store: StreamStore }) {
  const { t } = useTranslation("chat");
  const text = useStreamText(store);
  if (text === null) return null;
  return (
    <li className="message message--assistant message--streaming" aria-busy="true">
      <span className="visually-hidden">{t("assistant")}:</span>
      {text ? (
        <div className="message__bubble">
          <Markdown text={text} />
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
