import { useTranslation } from "react-i18next";
import { isSelectablePlan, PLANS, type PlanId } from "../lib/machine";
import { PLAN_TEXTS } from "../lib/plan-texts";

interface PlanStepProps {
  plan: PlanId | null;
  onSelect(plan: PlanId): void;
  onContinue(): void;
  onBack(): void;
}

/** Step 2: Free or Professional (Coming Soon, cannot be chosen); Continue needs a selectable plan. */
export function PlanStep({ plan, onSelect, onContinue, onBack }: PlanStepProps) {
  const { t } = useTranslation(["onboarding", "landing"]);
  return (
    <section className="ob-card ob-card--wide" aria-labelledby="ob-title">
      <h1 id="ob-title" className="ob-card__title" tabIndex={-1}>
        {t("plan.title")}
      </h1>
      <p className="ob-card__subtitle">{t("plan.subtitle")}</p>
      <fieldset className="ob-plans">
        <legend className="visually-hidden">{t("plan.legend")}</legend>
        {PLANS.map(({ id, comingSoon }) => {
          const texts = PLAN_TEXTS[id];
          const checked = plan === id;
          return (
            <label key={id} className="ob-plan" data-plan={id} data-checked={checked || undefined} data-disabled={comingSoon || undefined}>
              <input
                type="radio"
                name="plan"
                value={id}
                className="ob-plan__radio"
                checked={checked}
                disabled={comingSoon}
                onChange={() => onSelect(id)}
                aria-labelledby={`ob-plan-${id}-name`}
                aria-describedby={`ob-plan-${id}-desc`}
              />
              <span className="ob-plan__head">
                <span id={`ob-plan-${id}-name`} className="ob-plan__name">{t(`landing:pricing.${id}.name`)}</span>
                {comingSoon ? (
                  <span className="ob-badge">{t("plan.comingSoon")}</span>
                ) : (
                  <span className="ob-plan__price">
                    <strong>{t("landing:pricing.free.price")}</strong> {t("landing:pricing.free.currency")}
                  </span>
                )}
              </span>
              <span id={`ob-plan-${id}-desc`} className="ob-plan__body">
                <span className="ob-plan__description">{t(`landing:pricing.${id}.description`)}</span>
                <span className="ob-plan__list">
                  {texts.features.map((key) => (
                    <span key={key} className="ob-plan__item">
                      <span className="ob-plan__mark" aria-hidden="true">
                        ✓
                      </span>
                      {t(`landing:pricing.${id}.features.${key}`)}
                    </span>
                  ))}
                  {texts.limitations.map((key) => (
                    <span key={key} className="ob-plan__item ob-plan__item--limit">
                      <span className="ob-plan__mark" aria-hidden="true">
                        –
                      </span>
                      {t(`landing:pricing.${id}.limitations.${key}`)}
                    </span>
                  ))}
                </span>
                {comingSoon && <span className="ob-plan__unavailable">{t("plan.unavailable")}</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="ob-actions">
        <button type="button" className="ob-btn ob-btn--secondary" onClick={onBack}>
          {t("back")}
        </button>
        <button type="button" className="ob-btn ob-btn--primary" disabled={!isSelectablePlan(plan)} onClick={onContinue}>
          {t("plan.continue")}
        </button>
      </div>
    </section>
  );
}
