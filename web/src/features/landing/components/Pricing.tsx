import { useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, MinusIcon } from "./icons";

type PlanId = "free" | "professional";

interface PlanCard {
  id: PlanId;
  features: string[];
  limitations: string[];
  popular?: boolean;
  comingSoon?: boolean;
}

/** Spec §6 plan texts: Free (0 SAR) and Professional (Coming Soon, not purchasable). */
const PLANS: PlanCard[] = [
  {
    id: "free",
    features: ["questions", "basic", "arabic", "common"],
    limitations: ["citations", "history"],
    popular: true,
  },
  {
    id: "professional",
    features: ["unlimited", "citations", "documents", "history", "priority", "support"],
    limitations: [],
    comingSoon: true,
  },
];

interface PricingProps {
  ref?: Ref<HTMLElement>;
  onChooseFree(): void;
}

/** Pricing cards; selecting one (click or keyboard focus) highlights it. */
export function Pricing({ ref, onChooseFree }: PricingProps) {
  const { t } = useTranslation("landing");
  const [selected, setSelected] = useState<PlanId | null>(null);

  return (
    <section ref={ref} id="pricing" className="lp-section lp-section--tinted lp-pricing" aria-labelledby="lp-pricing-title">
      <div className="lp-container">
        <header className="lp-section__head">
          <h2 id="lp-pricing-title">{t("pricing.title")}</h2>
          <p>{t("pricing.subtitle")}</p>
        </header>
        <div className="lp-plans">
          {PLANS.map((plan) => {
            const isSelected = selected === plan.id;
            const titleId = `lp-plan-${plan.id}`;
            return (
              <article
                key={plan.id}
                className="lp-plan"
                data-plan={plan.id}
                data-selected={isSelected || undefined}
                aria-labelledby={titleId}
                onClick={() => setSelected(plan.id)}
                onFocus={() => setSelected(plan.id)}
              >
                <div className="lp-plan__badges">
                  {plan.popular && <span className="lp-badge lp-badge--gold">{t("pricing.popular")}</span>}
                  {isSelected && <span className="lp-badge lp-badge--selected">{t("pricing.selected")}</span>}
                </div>
                <h3 id={titleId} className="lp-plan__name">
                  {t(`pricing.${plan.id}.name`)}
                </h3>
                <p className="lp-plan__price">
                  {plan.comingSoon ? (
                    <span className="lp-plan__amount lp-plan__amount--soon">{t("pricing.professional.price")}</span>
                  ) : (
                    <>
                      <span className="lp-plan__amount">{t("pricing.free.price")}</span>
                      <span className="lp-plan__currency">{t("pricing.free.currency")}</span>
                      <span className="lp-plan__period">/ {t("pricing.perMonth")}</span>
                    </>
                  )}
                </p>
                <p className="lp-plan__description">{t(`pricing.${plan.id}.description`)}</p>
                <h4 className="visually-hidden">{t("pricing.includes")}</h4>
                <ul className="lp-plan__list">
                  {plan.features.map((key) => (
                    <li key={key}>
                      <span className="lp-plan__mark lp-plan__mark--yes">
                        <CheckIcon size={16} />
                      </span>
                      {t(`pricing.${plan.id}.features.${key}`)}
                    </li>
                  ))}
                </ul>
                {plan.limitations.length > 0 && (
                  <>
                    <h4 className="visually-hidden">{t("pricing.limitations")}</h4>
                    <ul className="lp-plan__list lp-plan__list--limits">
                      {plan.limitations.map((key) => (
                        <li key={key}>
                          <span className="lp-plan__mark lp-plan__mark--no">
                            <MinusIcon size={16} />
                          </span>
                          {t(`pricing.${plan.id}.limitations.${key}`)}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <button
                  type="button"
                  className={plan.comingSoon ? "lp-btn lp-btn--muted lp-plan__cta" : "lp-btn lp-btn--primary lp-plan__cta"}
                  disabled={plan.comingSoon}
                  onClick={plan.comingSoon ? undefined : onChooseFree}
                >
                  {t(`pricing.${plan.id}.cta`)}
                </button>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
