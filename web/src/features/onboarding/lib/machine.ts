/**
 * The onboarding state machine of spec §4:
 *   auth-choice → sign-in | plan-selection | /app (guest)
 *   plan-selection → account-creation (a plan that is not coming soon) | auth-choice (reset)
 *   account-creation → email-verification (after sign-up) | plan-selection (plan cleared)
 *   email-verification → sign-in (Back to Sign In)
 *   sign-in → complete (then /app) | auth-choice (modal closed; reset)
 * Steps cannot be skipped: `currentStep` falls back to auth-choice when a prerequisite is missing.
 */
export type OnboardingStep = "auth-choice" | "plan-selection" | "account-creation" | "email-verification" | "sign-in" | "complete";

export type PlanId = "free" | "professional";

export const PLANS: readonly { id: PlanId; comingSoon: boolean }[] = [
  { id: "free", comingSoon: false },
  { id: "professional", comingSoon: true },
];

export function isSelectablePlan(plan: PlanId | null | undefined): plan is PlanId {
  return PLANS.some((candidate) => candidate.id === plan && !candidate.comingSoon);
}

export interface OnboardingState {
  step: OnboardingStep;
  /** Set when the user chose "Create New Account". */
  creatingAccount: boolean;
  plan: PlanId | null;
  /** The e-mail an account was created with (verification needs it). */
  email: string | null;
}

export type OnboardingAction =
  | { type: "choose-sign-in" }
  | { type: "choose-create-account" }
  | { type: "select-plan"; plan: PlanId }
  | { type: "confirm-plan" }
  | { type: "account-created"; email: string }
  | { type: "back" }
  | { type: "back-to-sign-in" }
  | { type: "signed-in" }
  | { type: "reset" };

export const INITIAL_STATE: OnboardingState = { step: "auth-choice", creatingAccount: false, plan: null, email: null };

export function onboardingReducer(state: OnboardingState, action: OnboardingAction): OnboardingState {
  const step = currentStep(state);
  switch (action.type) {
    case "choose-sign-in":
      return step === "auth-choice" || step === "email-verification" ? { ...state, step: "sign-in" } : state;
    case "choose-create-account":
      return step === "auth-choice" ? { ...INITIAL_STATE, step: "plan-selection", creatingAccount: true } : state;
    case "select-plan":
      // Professional is "Coming Soon": it cannot be chosen.
      return step === "plan-selection" && isSelectablePlan(action.plan) ? { ...state, plan: action.plan } : state;
    case "confirm-plan":
      return step === "plan-selection" && isSelectablePlan(state.plan) ? { ...state, step: "account-creation" } : state;
    case "account-created":
      return step === "account-creation" && action.email ? { ...state, step: "email-verification", email: action.email } : state;
    case "back":
      if (step === "plan-selection") return INITIAL_STATE;
      if (step === "account-creation") return { ...state, step: "plan-selection", plan: null };
      return state;
    case "back-to-sign-in":
      return step === "email-verification" ? { ...state, step: "sign-in" } : state;
    case "signed-in":
      return step === "sign-in" ? { ...state, step: "complete" } : state;
    case "reset":
      return INITIAL_STATE;
  }
}

/** The step to show: a step whose prerequisite is missing falls back to auth-choice (no skipping). */
export function currentStep(state: OnboardingState): OnboardingStep {
  switch (state.step) {
    case "plan-selection":
      return state.creatingAccount ? "plan-selection" : "auth-choice";
    case "account-creation":
      return state.creatingAccount && isSelectablePlan(state.plan) ? "account-creation" : "auth-choice";
    case "email-verification":
      return state.email ? "email-verification" : "auth-choice";
    default:
      return state.step;
  }
}
