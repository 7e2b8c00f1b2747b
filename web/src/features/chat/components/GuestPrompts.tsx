import { useTranslation } from "react-i18next";
import { QUOTA_BADGE_AT, QUOTA_WARNING_AT } from "../constants";
import { LockIcon } from "./icons";

/** Guest banner: remaining free questions, with Register and Dismiss. */
export function GuestBanner({ remaining, onRegister, onDismiss }: { remaining: number; onRegister: () => void; onDismiss: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="guest-banner" role="status">
      <p>{t("guest.remaining", { count: remaining })}</p>
      <div className="guest-banner__actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={onRegister}>
          {t("guest.register")}
        </button>
        <button type="button" className="btn btn--subtle btn--sm" onClick={onDismiss}>
          {t("guest.dismiss")}
        </button>
      </div>
    </div>
  );
}

/** Covers the question box when a guest has no questions left. */
export function LockOverlay({ onRegister }: { onRegister: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="lock-overlay" role="alert">
      <LockIcon />
      <div>
        <p className="lock-overlay__title">{t("guest.lockedTitle")}</p>
        <p className="lock-overlay__body">{t("guest.lockedBody")}</p>
      </div>
      <button type="button" className="btn btn--primary" onClick={onRegister}>
        {t("guest.createAccount")}
      </button>
    </div>
  );
}

/** Upsell card after the guest's answers: Create Free Account / Later. */
export function UpsellCard({ onRegister, onLater }: { onRegister: () => void; onLater: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <aside className="upsell" aria-labelledby="upsell-title">
      <h2 id="upsell-title">{t("upsell.title")}</h2>
      <p>{t("upsell.body")}</p>
      <div className="upsell__actions">
        <button type="button" className="btn btn--primary" onClick={onRegister}>
          {t("upsell.create")}
        </button>
        <button type="button" className="btn btn--subtle" onClick={onLater}>
          {t("upsell.later")}
        </button>
      </div>
    </aside>
  );
}

/**
 * Quota badge (spec §9): registered users see it at 5 or fewer remaining (warning style at 2 or
 * fewer); guests only at 2 or fewer (their banner shows the count otherwise).
 */
export function QuotaBadge({ remaining, isGuest }: { remaining: number; isGuest: boolean }) {
  const { t } = useTranslation("chat");
  if (remaining > (isGuest ? QUOTA_WARNING_AT : QUOTA_BADGE_AT)) return null;
  const warning = remaining <= QUOTA_WARNING_AT;
  return (
    <span className={`quota-badge${warning ? " quota-badge--warning" : ""}`} role="status">
      {isGuest ? t("quota.guest", { count: remaining }) : t("quota.user", { count: remaining })}
    </span>
  );
}
