import { useTranslation } from "react-i18next";
import type { OnboardingStep } from "../lib/machine";

const STEPS = ["access", "plan", "account", "verify"] as const;

function indexOf(step: OnboardingStep): number {
  switch (step) {
    case "plan-selection":
      return 1;
    case "account-creation":
      return 2;
    case "email-verification":
      return 3;
    default:
      return 0;
  }
}

/** Progress through the four onboarding steps. */
export function Stepper({ step }: { step: OnboardingStep }) {
  const { t } = useTranslation("onboarding");
  const current = indexOf(step);
  return (
    <nav className="ob-stepper" aria-label={t("progress")}>
      <p className="visually-hidden">{t("stepOf", { current: current + 1, total: STEPS.length })}</p>
      <ol>
        {STEPS.map((key, index) => {
          const state = index < current ? "done" : index === current ? "current" : "todo";
          return (
            <li key={key} data-state={state} aria-current={state === "current" ? "step" : undefined}>
              <span className="ob-stepper__dot" aria-hidden="true">
                {state === "done" ? "✓" : index + 1}
              </span>
              <span className="ob-stepper__label">{t(`steps.${key}`)}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
