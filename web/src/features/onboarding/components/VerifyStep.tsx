import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../lib/auth";
import { toast } from "../../../lib/toast";

/** Spec §9: the resend button appears after 60 seconds; resending restarts the wait. */
export const RESEND_WAIT_SECONDS = 60;

interface VerifyStepProps {
  email: string;
  onBackToSignIn(): void;
}

/** Step 4: check your e-mail — numbered steps, resend countdown, Back to Sign In, spam hint. */
export function VerifyStep({ email, onBackToSignIn }: VerifyStepProps) {
  const { t } = useTranslation("onboarding");
  const { resendConfirmation } = useAuth();
  // Counted against a deadline so a throttled background tab does not slow the countdown down.
  const [deadline, setDeadline] = useState(() => Date.now() + RESEND_WAIT_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));

  const counting = seconds > 0;

  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [counting]);

  const resend = async () => {
    setSending(true);
    try {
      await resendConfirmation(email);
      toast({ variant: "success", title: t("success.resentTitle"), description: t("success.resent") });
      const restart = Date.now();
      setNow(restart);
      setDeadline(restart + RESEND_WAIT_SECONDS * 1000);
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      const rateLimited = code === "over_email_send_rate_limit" || code === "over_request_rate_limit";
      toast({ variant: "destructive", title: t("errors.resendTitle"), description: t(rateLimited ? "errors.rateLimited" : "errors.unexpected") });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="ob-card ob-verify" aria-labelledby="ob-title">
      <span className="ob-verify__icon" aria-hidden="true">
        <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3.5 6.5L12 13l8.5-6.5" />
        </svg>
      </span>
      <h1 id="ob-title" className="ob-card__title" tabIndex={-1}>
        {t("verify.title")}
      </h1>
      <p className="ob-card__subtitle">
        {t("verify.sentTo")}{" "}
        <bdi dir="ltr" className="ob-verify__email" data-testid="verify-email">
          {email}
        </bdi>
      </p>

      <h2 className="ob-verify__steps-title">{t("verify.stepsTitle")}</h2>
      <ol className="ob-verify__steps">
        {(["open", "find", "click"] as const).map((key) => (
          <li key={key}>{t(`verify.steps.${key}`)}</li>
        ))}
      </ol>

      <div className="ob-verify__resend">
        {seconds > 0 ? (
          <p className="ob-verify__countdown" role="timer" data-testid="resend-countdown">
            {t("verify.countdown", { seconds })}
          </p>
        ) : (
          <button type="button" className="ob-btn ob-btn--secondary" disabled={sending} onClick={() => void resend()}>
            {sending ? t("verify.resending") : t("verify.resend")}
          </button>
        )}
      </div>

      <button type="button" className="ob-btn ob-btn--primary ob-verify__signin" onClick={onBackToSignIn}>
        {t("verify.backToSignIn")}
      </button>
      <p className="ob-verify__spam">{t("verify.spam")}</p>
    </section>
  );
}
