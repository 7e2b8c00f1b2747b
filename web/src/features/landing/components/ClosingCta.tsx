import { useTranslation } from "react-i18next";

interface ClosingCtaProps {
  onStart(): void;
  onViewPlans(): void;
}

/** The closing call to action: start free or view the plans. */
export function ClosingCta({ onStart, onViewPlans }: ClosingCtaProps) {
  const { t } = useTranslation("landing");
  return (
    <section className="lp-section lp-section--cta" aria-labelledby="lp-cta-title">
      <div className="lp-container">
        <div className="lp-cta">
          <h2 id="lp-cta-title">{t("cta.title")}</h2>
          <p>{t("cta.subtitle")}</p>
          <div className="lp-cta__actions">
            <button type="button" className="lp-btn lp-btn--gold lp-btn--lg" onClick={onStart}>
              {t("cta.start")}
            </button>
            <button type="button" className="lp-btn lp-btn--outline-light lp-btn--lg" onClick={onViewPlans}>
              {t("cta.plans")}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
