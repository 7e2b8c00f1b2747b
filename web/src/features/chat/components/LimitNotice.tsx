import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

interface LimitNoticeProps {
  /** The server's words for the limit (in the UI language), or empty for the generic ones. */
  message: string;
  isGuest: boolean;
  /** Guests: open the sign-up dialog. */
  onRegister: () => void;
  onDismiss: () => void;
}

/**
 * The question budget is spent (spec §8, "daily limit reached" / "guest limit reached"): its own
 * notice right above the question box, never the Connection Issue panel with Try Again — trying
 * again cannot help before the day turns.
 */
export function LimitNotice({ message, isGuest, onRegister, onDismiss }: LimitNoticeProps) {
  const { t } = useTranslation("chat");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <div ref={ref} className="limit-notice" role="alert" aria-labelledby="limit-notice-title">
      <svg className="limit-notice__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className="limit-notice__text">
        <h2 id="limit-notice-title">{t(isGuest ? "limit.guestTitle" : "limit.title")}</h2>
        <p dir="auto">{message || t("limit.body")}</p>
      </div>
      <div className="limit-notice__actions">
        {isGuest && (
          <button type="button" className="btn btn--primary btn--sm" onClick={onRegister}>
            {t("guest.createAccount")}
          </button>
        )}
        <button type="button" className="btn btn--subtle btn--sm" onClick={onDismiss}>
          {t("limit.dismiss")}
        </button>
      </div>
    </div>
  );
}
