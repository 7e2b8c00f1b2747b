import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface AuthChoiceStepProps {
  onGuest(): void;
  onSignIn(): void;
  onCreateAccount(): void;
}

const icon = (d: string) => (
  <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={d} />
  </svg>
);

/** Step 1: continue as guest, sign in, or create a new account. */
export function AuthChoiceStep({ onGuest, onSignIn, onCreateAccount }: AuthChoiceStepProps) {
  const { t } = useTranslation("onboarding");
  const options: { key: "guest" | "signIn" | "create"; onClick(): void; icon: ReactNode; primary?: boolean }[] = [
    { key: "create", onClick: onCreateAccount, icon: icon("M15 19v-1.5a3.5 3.5 0 0 0-3.5-3.5h-4A3.5 3.5 0 0 0 4 17.5V19M9.5 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7M19 8v6M16 11h6"), primary: true },
    { key: "signIn", onClick: onSignIn, icon: icon("M10 17l5-5-5-5M15 12H3M14 3h5a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-5") },
    { key: "guest", onClick: onGuest, icon: icon("M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z") },
  ];
  return (
    <section className="ob-card" aria-labelledby="ob-title">
      <h1 id="ob-title" className="ob-card__title" tabIndex={-1}>
        {t("authChoice.title")}
      </h1>
      <p className="ob-card__subtitle">{t("authChoice.subtitle")}</p>
      <div className="ob-choices">
        {options.map((option) => (
          <button
            key={option.key}
            type="button"
            className={`ob-choice${option.primary ? " ob-choice--primary" : ""}`}
            data-choice={option.key}
            onClick={option.onClick}
          >
            <span className="ob-choice__icon">{option.icon}</span>
            <span className="ob-choice__text">
              <span className="ob-choice__title">{t(`authChoice.${option.key}.title`)}</span>
              <span className="ob-choice__note">{t(`authChoice.${option.key}.note`)}</span>
            </span>
            <span className="ob-choice__chevron" aria-hidden="true">
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M9 6l6 6-6 6" />
              </svg>
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
