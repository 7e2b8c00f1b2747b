import { lazy, Suspense, useEffect, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { LanguageToggle } from "../../components/ui/LanguageToggle";
import { Logo } from "../../components/ui/Logo";
import { useAuth } from "../../lib/auth";
import { AccountStep } from "./components/AccountStep";
import { AuthChoiceStep } from "./components/AuthChoiceStep";
import { PlanStep } from "./components/PlanStep";
import { Stepper } from "./components/Stepper";
import { VerifyStep } from "./components/VerifyStep";
import { currentStep, INITIAL_STATE, onboardingReducer } from "./lib/machine";
import "./onboarding.css";

// The sign-in step reuses the app's sign-in / sign-up dialog, loaded on demand.
const AuthModal = lazy(() => import("../../components/auth-modal/AuthModal"));

/** Multi-step onboarding (spec §2, §4): access choice → plan → account → e-mail verification; sign-in. */
export default function OnboardingPage() {
  const { t } = useTranslation("onboarding");
  const navigate = useNavigate();
  const { session } = useAuth();
  const [state, dispatch] = useReducer(onboardingReducer, INITIAL_STATE);
  const step = currentStep(state);
  const headingRef = useRef<HTMLDivElement>(null);

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [step]);

  useEffect(() => {
    if (step === "complete") navigate("/app", { replace: true });
  }, [step, navigate]);

  // Already signed in: straight to the app (spec §2 rule).
  if (session) return <Navigate to="/app" replace />;

  return (
    <div className="ob">
      <header className="ob-header">
        <Link to="/" className="ob-header__brand" aria-label={t("home")}>
          <Logo size={32} />
          <span aria-hidden="true">QAI</span>
        </Link>
        <LanguageToggle className="ob-btn ob-btn--ghost ob-header__lang" />
      </header>

      <main className="ob-main">
        <Stepper step={step} />
        <div ref={headingRef} className="ob-stage" data-step={step}>
          {(step === "auth-choice" || step === "sign-in" || step === "complete") && (
            <AuthChoiceStep
              onGuest={() => navigate("/app")}
              onSignIn={() => dispatch({ type: "choose-sign-in" })}
              onCreateAccount={() => dispatch({ type: "choose-create-account" })}
            />
          )}
          {step === "plan-selection" && (
            <PlanStep
              plan={state.plan}
              onSelect={(plan) => dispatch({ type: "select-plan", plan })}
              onContinue={() => dispatch({ type: "confirm-plan" })}
              onBack={() => dispatch({ type: "back" })}
            />
          )}
          {step === "account-creation" && state.plan && (
            <AccountStep
              plan={state.plan}
              onCreated={(email) => dispatch({ type: "account-created", email })}
              onBack={() => dispatch({ type: "back" })}
            />
          )}
          {step === "email-verification" && state.email && (
            <VerifyStep email={state.email} onBackToSignIn={() => dispatch({ type: "back-to-sign-in" })} />
          )}
        </div>
      </main>

      {step === "sign-in" && (
        <Suspense fallback={null}>
          <AuthModal
            open
            initialMode="signin"
            onOpenChange={(open) => {
              // Closed without signing in: back to the first step, progress reset.
              if (!open) dispatch({ type: "reset" });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
