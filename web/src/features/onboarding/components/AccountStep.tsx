import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../lib/auth";
import { toast } from "../../../lib/toast";
import type { PlanId } from "../lib/machine";
import {
  describeSignUpFailure,
  emailError,
  EMPTY_ACCOUNT,
  validateAccount,
  type AccountErrors,
  type AccountField,
  type AccountValues,
} from "../lib/validation";
import { TextField } from "../../../components/ui/TextField";

interface AccountStepProps {
  plan: PlanId;
  onCreated(email: string): void;
  onBack(): void;
}

/** Step 3: the sign-up form (spec §5 onboarding rules) with the selected plan shown. */
export function AccountStep({ plan, onCreated, onBack }: AccountStepProps) {
  const { t } = useTranslation(["onboarding", "landing"]);
  const { signUp, authConfigured } = useAuth();
  const [values, setValues] = useState<AccountValues>(EMPTY_ACCOUNT);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: AccountField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      // The e-mail is checked live while typing; other fields' errors clear on typing.
      if (field === "email") return { ...current, email: value.trim() ? emailError(value) : undefined };
      return current[field] ? { ...current, [field]: undefined } : current;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !authConfigured) return;
    const found = validateAccount(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Focus the first invalid field once React has rendered the errors.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setBusy(true);
    const email = values.email.trim();
    try {
      await signUp({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email, password: values.password });
      toast({ variant: "success", title: t("success.createdTitle"), description: t("success.created") });
      onCreated(email);
    } catch (error) {
      const { title, message } = describeSignUpFailure(error);
      toast({ variant: "destructive", title: t(title), description: t(message) });
      setBusy(false);
    }
  };

  const error = (field: AccountField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <section className="ob-card" aria-labelledby="ob-title">
      <h1 id="ob-title" className="ob-card__title" tabIndex={-1}>
        {t("account.title")}
      </h1>
      <p className="ob-card__subtitle">{t("account.subtitle")}</p>

      <div className="ob-selected-plan">
        <span>
          <span className="ob-selected-plan__label">{t("account.selectedPlan")}</span>
          <strong>{t(`landing:pricing.${plan}.name`)}</strong>
          {plan === "free" && (
            <span className="ob-selected-plan__price">
              {" "}
              · {t("landing:pricing.free.price")} {t("landing:pricing.free.currency")}
            </span>
          )}
        </span>
        <button type="button" className="ob-link" onClick={onBack}>
          {t("account.change")}
        </button>
      </div>

      {!authConfigured && (
        <div className="ob-alert" role="alert">
          {t("account.unavailable")}
        </div>
      )}

      <form ref={formRef} className="ob-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <div className="ob-form__row">
          <TextField classPrefix="ob-field" label={t("account.firstName")} name="firstName" autoComplete="given-name" required value={values.firstName} error={error("firstName")} onValueChange={change("firstName")} />
          <TextField classPrefix="ob-field" label={t("account.lastName")} name="lastName" autoComplete="family-name" required value={values.lastName} error={error("lastName")} onValueChange={change("lastName")} />
        </div>
        <TextField classPrefix="ob-field"
          label={t("account.email")}
          name="email"
          type="email"
          dir="ltr"
          inputMode="email"
          autoComplete="email"
          placeholder={t("account.emailPlaceholder")}
          required
          value={values.email}
          error={error("email")}
          onValueChange={change("email")}
        />
        <TextField classPrefix="ob-field"
          label={t("account.password")}
          name="password"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          required
          hint={t("account.passwordHint")}
          value={values.password}
          error={error("password")}
          onValueChange={change("password")}
        />
        <TextField classPrefix="ob-field"
          label={t("account.confirmPassword")}
          name="confirmPassword"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          error={error("confirmPassword")}
          onValueChange={change("confirmPassword")}
        />
        <div className="ob-actions">
          <button type="button" className="ob-btn ob-btn--secondary" onClick={onBack} disabled={busy}>
            {t("back")}
          </button>
          <button type="submit" className="ob-btn ob-btn--primary" disabled={busy || !authConfigured}>
            {busy && <span className="ob-spinner" aria-hidden="true" />}
            {busy ? t("account.submitting") : t("account.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}
