import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "../../components/ui/Logo";

/** Spec §9: progress grows 2 % every 30 ms up to 100, then the splash completes after 500 ms. */
export const SPLASH_STEP_PERCENT = 2;
export const SPLASH_STEP_MS = 30;
export const SPLASH_HOLD_MS = 500;

export function Splash({ onComplete }: { onComplete(): void }) {
  const { t } = useTranslation("common");
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => {
      setProgress((value) => Math.min(100, value + SPLASH_STEP_PERCENT));
    }, SPLASH_STEP_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (progress < 100) return;
    const timer = window.setTimeout(onComplete, SPLASH_HOLD_MS);
    return () => window.clearTimeout(timer);
  }, [progress, onComplete]);

  return (
    <div className="splash" data-testid="splash">
      <div className="splash__inner">
        <Logo size={88} />
        <p className="splash__name">{t("app.name")}</p>
        <p className="splash__subtitle">{t("splash.subtitle")}</p>
        <div
          className="splash__bar"
          role="progressbar"
          aria-label={t("splash.label")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="splash__fill" style={{ inlineSize: `${progress}%` }} />
        </div>
      </div>
    </div>
  );
}
