import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../../lib/auth";
import { toast } from "../../lib/toast";
import { CloseIcon } from "../ui/icons";
import { LanguageToggle } from "../ui/LanguageToggle";
import { Logo } from "../ui/Logo";
import { TextField } from "../ui/TextField";
import { describeAuthFailure, type AuthMessage } from "./messages";
import "./auth-modal.css";

export type AuthModalMode = "signin" | "signup";

export interface AuthModalProps {
  open: boolean;
  initialMode: AuthModalMode;
  onOpenChange(open: boolean): void;
}

type FieldName = "firstName" | "lastName" | "email" | "password" | "confirmPassword";
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Values = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spec §5: the modal's password minimum is 6 (the onboarding form asks for 8). */
export const MODAL_PASSWORD_MIN = 6;

/** Sign-in / sign-up dialog (spec §2): modes, guest entry, language toggle, §5 validation, §8 messages. */
export default function AuthModal({ open, initialMode, onOpenChange }: AuthModalProps) {
  const { t } = useTranslation("authModal");
  const { t: tc } = useTranslation("common");
  const navigate = useNavigate();
  const { signIn, signUp, authConfigured } = useAuth();
  const [mode, setMode] = useState<AuthModalMode>(initialMode);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<(AuthMessage & { kind: "error" | "success" }) | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  const firstFieldRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Each opening starts clean, in the requested mode.
  useEffect(() => {
    if (open) {
      setMode(initialMode);
      setValues(EMPTY);
      setErrors({});
      setNotice(null);
    }
  }, [open, initialMode]);

  const switchMode = (next: AuthModalMode) => {
    setMode(next);
    setErrors({});
    setNotice(null);
    setValues((current) => ({ ...EMPTY, email: current.email }));
  };

  const setField = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    if (notice?.kind === "error") setNotice(null);
  };

  const validate = (): { errors: Errors; mismatch: boolean } => {
    const found: Errors = {};
    const required = t("validation.required");
    if (mode === "signup") {
      if (!values.firstName.trim()) found.firstName = required;
      if (!values.lastName.trim()) found.lastName = required;
    }
    if (!values.email.trim()) found.email = required;
    else if (!EMAIL_PATTERN.test(values.email.trim())) found.email = t("validation.email");
    if (!values.password) found.password = required;
    else if (mode === "signup" && values.password.length < MODAL_PASSWORD_MIN) found.password = t("validation.passwordMin");
    let mismatch = false;
    if (mode === "signup") {
      if (!values.confirmPassword) found.confirmPassword = required;
      else if (values.confirmPassword !== values.password) {
        mismatch = true;
        found.confirmPassword = t("validation.passwordMismatch");
      }
    }
    return { errors: found, mismatch };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !authConfigured) return;
    const { errors: found, mismatch } = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice(mismatch ? { kind: "error", title: "errors.passwordTitle", message: "validation.passwordMismatch" } : null);
      const firstInvalid = event.currentTarget.querySelector<HTMLInputElement>("[aria-invalid='true']");
      firstInvalid?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    const email = values.email.trim();
    try {
      if (mode === "signin") {
        await signIn(email, values.password);
        toast({ variant: "success", title: t("success.welcomeTitle"), description: t("success.welcome") });
        navigate("/app");
        onOpenChange(false);
      } else {
        await signUp({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email, password: values.password });
        if (!mounted.current) return;
        const success = { title: "success.activationTitle", message: "success.activation" };
        toast({ variant: "success", title: t(success.title), description: t(success.message) });
        // Spec §4: a successful sign-up flips the dialog to sign-in mode.
        setMode("signin");
        setValues({ ...EMPTY, email });
        setErrors({});
        setNotice({ kind: "success", ...success });
      }
    } catch (error) {
      if (mounted.current) setNotice({ kind: "error", ...describeAuthFailure(error, mode) });
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const continueAsGuest = () => {
    navigate("/app");
    onOpenChange(false);
  };

  const createAccount = () => {
    navigate("/onboarding");
    onOpenChange(false);
  };

  const signup = mode === "signup";
  const submitLabel = busy ? t(`${mode}.submitting`) : t(`${mode}.submit`);
  // Sign-in shows it in the first row; sign-up below the names.
  const emailField = (
    <TextField
      classPrefix="am-field"
      label={t("fields.email")}
      name="email"
      type="email"
      dir="ltr"
      inputMode="email"
      autoComplete="email"
      placeholder={t("fields.emailPlaceholder")}
      required
      value={values.email}
      error={errors.email}
      onValueChange={setField("email")}
    />
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="am-overlay" />
        <Dialog.Content
          className="am"
          data-mode={mode}
          onOpenAutoFocus={(event) => {
            // Focus the first field rather than the close button.
            const input = firstFieldRef.current?.querySelector("input");
            if (input) {
              event.preventDefault();
              input.focus();
            }
          }}
        >
          <div className="am__bar">
            <span className="am__brand">
              <Logo size={30} />
              <span>QAI</span>
            </span>
            <LanguageToggle className="am__lang" />
            <Dialog.Close className="am__close" aria-label={tc("app.close")}>
              <CloseIcon />
            </Dialog.Close>
          </div>

          <div className="am__body">
            <Dialog.Title className="am__title">{t(`${mode}.title`)}</Dialog.Title>
            <Dialog.Description className="am__description">{t(`${mode}.description`)}</Dialog.Description>

            {!authConfigured && (
              <div className="am-alert am-alert--warning" role="alert">
                <strong>{t("errors.unavailableTitle")}</strong>
                <span>{t("errors.unavailable")}</span>
              </div>
            )}
            {notice && (
              <div
                className={`am-alert am-alert--${notice.kind}`}
                role={notice.kind === "error" ? "alert" : "status"}
                data-testid="auth-modal-notice"
              >
                <strong>{t(notice.title)}</strong>
                <span>{t(notice.message)}</span>
              </div>
            )}

            <form className="am-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
              <div ref={firstFieldRef} className={signup ? "am-form__row" : "am-form__stack"}>
                {signup && (
                  <>
                    <TextField
                      classPrefix="am-field"
                      label={t("fields.firstName")}
                      name="firstName"
                      autoComplete="given-name"
                      required
                      value={values.firstName}
                      error={errors.firstName}
                      onValueChange={setField("firstName")}
                    />
                    <TextField
                      classPrefix="am-field"
                      label={t("fields.lastName")}
                      name="lastName"
                      autoComplete="family-name"
                      required
                      value={values.lastName}
                      error={errors.lastName}
                      onValueChange={setField("lastName")}
                    />
                  </>
                )}
                {!signup && emailField}
              </div>
              {signup && emailField}
              <TextField
                classPrefix="am-field"
                label={t("fields.password")}
                name="password"
                type="password"
                dir="ltr"
                autoComplete={signup ? "new-password" : "current-password"}
                required
                minLength={signup ? MODAL_PASSWORD_MIN : undefined}
                value={values.password}
                error={errors.password}
                onValueChange={setField("password")}
              />
              {signup && (
                <TextField
                  classPrefix="am-field"
                  label={t("fields.confirmPassword")}
                  name="confirmPassword"
                  type="password"
                  dir="ltr"
                  autoComplete="new-password"
                  required
                  value={values.confirmPassword}
                  error={errors.confirmPassword}
                  onValueChange={setField("confirmPassword")}
                />
              )}
              <button type="submit" className="am-btn am-btn--primary am-form__submit" disabled={busy || !authConfigured}>
                {busy && <span className="am-spinner" aria-hidden="true" />}
                {submitLabel}
              </button>
            </form>

            <p className="am__switch">
              {signup ? (
                <>
                  <span>{t("signup.haveAccount")}</span>
                  <button type="button" className="am-link" onClick={() => switchMode("signin")}>
                    {t("signup.signIn")}
                  </button>
                </>
              ) : (
                <>
                  <span>{t("signin.noAccount")}</span>
                  <button type="button" className="am-link" onClick={createAccount}>
                    {t("signin.createAccount")}
                  </button>
                </>
              )}
            </p>

            <div className="am__divider" role="presentation">
              <span>{t("or")}</span>
            </div>

            <button type="button" className="am-btn am-btn--outline am__guest" onClick={continueAsGuest}>
              {t("guest")}
            </button>
            <p className="am__guest-note">{t("guestNote")}</p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
