import "./profile.css";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/ui/Modal";
import { AUTH_UNAVAILABLE, AuthFailure, useAuth } from "../../../lib/auth";

/** Spec §5 and §9: minimum length, and the delay before the modal closes after success. */
export const PASSWORD_MIN = 6;
export const CLOSE_AFTER_SUCCESS_MS = 2000;

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Change password (spec §5, §8): at least 6 characters, matching confirmation; closes 2 s after success. */
export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  const { t } = useTranslation("profile");
  const { changePassword, authConfigured } = useAuth();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => onOpenChange(false), CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [done, onOpenChange]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    setError(null);
    if (password.length < PASSWORD_MIN) return setError(t("password.tooShort"));
    if (password !== confirm) return setError(t("password.mismatch"));
    if (!authConfigured) return setError(t("password.unavailable"));
    setBusy(true);
    try {
      await changePassword(password);
      setDone(true);
    } catch (caught) {
      console.error("Changing the password failed", caught);
      if (caught instanceof AuthFailure) setError(caught.code === AUTH_UNAVAILABLE ? t("password.unavailable") : t("password.failed"));
      else setError(t("password.unexpected"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={(value) => !busy && onOpenChange(value)} title={t("password.title")} description={t("password.description")} size="sm">
      <form className="profile" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="profile__field">
          <label htmlFor="new-password">{t("password.new")}</label>
          <input id="new-password" className="input" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={done} dir="ltr" />
        </div>
        <div className="profile__field">
          <label htmlFor="confirm-password">{t("password.confirm")}</label>
          <input id="confirm-password" className="input" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} disabled={done} dir="ltr" />
        </div>
        {error && (
          <p className="profile__error" role="alert">
            {error}
          </p>
        )}
        {done && (
          <p className="profile__success" role="status">
            {t("password.success")}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="btn btn--subtle" onClick={() => onOpenChange(false)} disabled={busy}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!password || !confirm || busy || done}>
            {busy ? t("password.submitting") : t("password.submit")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
