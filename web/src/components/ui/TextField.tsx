import { useId, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange" | "value"> {
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onValueChange(value: string): void;
  /** BEM block of the feature's styles, e.g. "am-field" → am-field__label, am-field__input… */
  classPrefix: string;
}

/** A labelled input with a hint or its error below (aria-invalid, aria-describedby); passwords get show/hide. */
export function TextField({ label, value, error, hint, onValueChange, classPrefix, className, type = "text", ...input }: TextFieldProps) {
  const { t } = useTranslation("common");
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`${classPrefix}${className ? ` ${className}` : ""}`} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={`${classPrefix}__label`}>
        {label}
      </label>
      <div className={`${classPrefix}__control`}>
        <input
          {...input}
          id={id}
          type={isPassword && revealed ? "text" : type}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${classPrefix}__input`}
        />
        {isPassword && (
          <button
            type="button"
            className={`${classPrefix}__reveal`}
            aria-pressed={revealed}
            aria-label={revealed ? t("field.hidePassword") : t("field.showPassword")}
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
        <p id={`${id}-error`} className={`${classPrefix}__error`} data-testid="field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className={`${classPrefix}__hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
