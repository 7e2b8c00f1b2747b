import { useTranslation } from "react-i18next";
import type { Outcome } from "./outcome";

/** The last outcome, in the page (announced politely; errors as alerts). */
export function ResultPanel({ outcome, onDismiss }: { outcome: Outcome | null; onDismiss(): void }) {
  const { t } = useTranslation("adminKnowledge");
  return (
    <div className="km-result-region" aria-live="polite">
      {outcome && (
        <div className={`km-result km-result--${outcome.tone}`} role={outcome.tone === "error" ? "alert" : "status"}>
          <div className="km-result__text">
            <p className="km-result__title">{outcome.title}</p>
            {outcome.description && <p className="km-result__description">{outcome.description}</p>}
            {outcome.details && outcome.details.length > 0 && (
              <ul className="km-result__details" aria-label={t("result.failures")}>
                {outcome.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
          <button type="button" className="btn btn--subtle btn--sm" onClick={onDismiss}>
            {t("result.dismiss")}
          </button>
        </div>
      )}
    </div>
  );
}
