import { useId, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange" | "value"> {
  label: string;
  value: string;
  error?: string;
  onValueChange(value: string): void;
}

/** A labelled input with its error below (aria-invalid + aria-describedby); passwords get a show/hide toggle. */
export function AuthField({ label, value, error, onValueChange, type = "text", className, ...input }: AuthFieldProps) {
  const { t } = useTranslation("authModal");
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  return (
    <div className={`am-field${className ? ` ${className}` : ""}`} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className="am-field__label">
        {label}
      </label>
      <div className="am-field__control">
        <input
          {...input}
          id={id}
          type={isPassword && revealed ? "text" : type}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="am-field__input"
        />
        {isPassword && (
          <button
            type="button"
            className="am-field__reveal"
            aria-pressed={revealed}
            aria-label={revealed ? t("fields.hidePassword") : t("fields.showPassword")}
            onClick={() => setRevealed((value) => !value)}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {revealed && <path d="M4 4l16 16" />}
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="am-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
