import { useRef, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { INPUT_MAX_HEIGHT_PX } from "../constants";
import { useAutoGrow } from "../hooks/use-auto-grow";

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  isPending: boolean;
  /** False until the session is ready. */
  canAsk: boolean;
  /** The box itself is disabled (a guest with no questions left). */
  disabled?: boolean;
  placeholder: string;
}

/** The question box: Enter sends, Shift+Enter adds a line; the send button becomes stop while pending. */
export function Composer({ value, onChange, onSend, onStop, isPending, canAsk, disabled, placeholder }: ComposerProps) {
  const { t } = useTranslation("chat");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useAutoGrow(inputRef, value, INPUT_MAX_HEIGHT_PX);
  const sendable = canAsk && !isPending && value.trim() !== "";

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (sendable) onSend(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing (e.g. choosing a candidate) must not send;
    // Safari reports that Enter with isComposing false but keyCode 229.
    const composing = event.nativeEvent.isComposing || event.nativeEvent.keyCode === 229;
    if (event.key !== "Enter" || event.shiftKey || composing) return;
    event.preventDefault();
    submit();
  };

  const stop = () => {
    onStop();
    inputRef.current?.focus(); // the stop button disappears; keep the focus in the box
  };

  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor="chat-input" className="visually-hidden">
        {t("input.label")}
      </label>
      <textarea
        id="chat-input"
        ref={inputRef}
        className="composer__input"
        rows={1}
        dir="auto"
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        aria-describedby="chat-disclaimer"
        enterKeyHint="send"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {isPending ? (
        <button
          type="button"
          className="composer__button composer__button--stop"
          onClick={stop}
          aria-label={t("input.stop")}
          title={t("input.stop")}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
          </svg>
        </button>
      ) : (
        <button
          type="submit"
          className="composer__button"
          disabled={!sendable}
          aria-label={t("input.send")}
          title={t("input.send")}
        >
          <svg className="composer__send-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M4 12h14M12 5l7 7-7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
    </form>
  );
}
