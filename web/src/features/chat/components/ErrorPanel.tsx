import { useTranslation } from "react-i18next";

interface ErrorPanelProps {
  message: string;
  onRetry: () => void;
  retryDisabled?: boolean;
  /** Opens the provider picker; omitted when switching cannot help (e.g. no session). */
  onSwitchProvider?: () => void;
}

/** "Connection Issue" with the reason, Try Again and Switch AI Provider (spec §2 and §8, chat). */
export function ErrorPanel({ message, onRetry, retryDisabled, onSwitchProvider }: ErrorPanelProps) {
  const { t } = useTranslation("chat");
  return (
    <div className="error-panel" role="alert">
      <svg className="error-panel__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M12 3 2 21h20L12 3Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 10v5M12 17.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className="error-panel__text">
        <h2>{t("error.title")}</h2>
        <p dir="auto">{message}</p>
      </div>
      <div className="error-panel__actions">
        <button type="button" className="btn btn--primary" onClick={onRetry} disabled={retryDisabled}>
          {t("error.tryAgain")}
        </button>
        {onSwitchProvider && (
          <button type="button" className="btn btn--subtle" onClick={onSwitchProvider}>
            {t("error.switchProvider")}
          </button>
        )}
      </div>
    </div>
  );
}
