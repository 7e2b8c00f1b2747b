import { useId, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange" | "value"> {
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onValueChange(value: string): void;
}

/** Labelled input with hint and error (aria-invalid, aria-describedby); passwords get show/hide. */
export function Field({ label, value, error, hint, onValueChange, type = "text", ...input }: FieldProps) {
  const { t } = useTranslation("onboarding");
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="ob-field" data-invalid={error ? true : undefined}>
      <label htmlFor={id} className="ob-field__label">
        {label}
      </label>
      <div className="ob-field__control">
        <input
          {...input}
          id={id}
          type={isPassword && revealed ? "text" : type}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="ob-field__input"
        />
        {isPassword && (
          <button
            type="button"
            className="ob-field__reveal"
            aria-pressed={revealed}
            aria-label={revealed ? t("account.hidePassword") : t("account.showPassword")}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {revealed && <path d="M4 4l16 16" />}
            </svg>
          </button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="ob-field__error" data-testid="field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="ob-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
