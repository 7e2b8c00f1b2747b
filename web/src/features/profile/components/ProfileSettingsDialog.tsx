import "./profile.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileNames } from "../../../api/users";
import { Modal } from "../../../components/ui/Modal";
import { useAuth, type User } from "../../../lib/auth";
import { removeLocal, STORAGE_KEYS } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { useDeleteAccount } from "../hooks/use-delete-account";
import { useUpdateProfile } from "../hooks/use-update-profile";
import { readPreferences, writePreferences, type Preferences } from "../lib/preferences";

interface ProfileSettingsDialogProps {
  user: User;
  open: boolean;
  onOpenChange(open: boolean): void;
  onChangePassword(): void;
  /** Dark mode is a theme: the shell applies (and, for registered users, saves) it. */
  darkMode: boolean;
  onDarkModeChange(dark: boolean): void;
}

function metadataNames(user: User): ProfileNames {
  const meta = (user.user_metadata ?? {}) as { first_name?: unknown; last_name?: unknown };
  return {
    firstName: typeof meta.first_name === "string" ? meta.first_name : "",
    lastName: typeof meta.last_name === "string" ? meta.last_name : "",
  };
}

/** Profile and advanced settings (spec §2, §4, §5): names, toggles, password, account deletion. */
export function ProfileSettingsDialog({ user, open, onOpenChange, onChangePassword, darkMode, onDarkModeChange }: ProfileSettingsDialogProps) {
  const { t } = useTranslation("profile");
  const { signOut } = useAuth();
  // The auth user's metadata holds the names; a successful save updates it (see useUpdateProfile).
  const names = metadataNames(user);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileNames>(names);
  const [preferences, setPreferences] = useState<Preferences>(() => ({ ...readPreferences(), darkMode }));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateProfile(user.id);
  const remove = useDeleteAccount(user.id);

  const startEdit = () => {
    setDraft(names);
    setEditing(true);
  };

  const saveNames = () => {
    const firstName = draft.firstName.trim();
    const lastName = draft.lastName.trim();
    if (!firstName || !lastName) {
      toast({ title: t("toast.errorTitle"), description: t("validation.fillAll"), variant: "destructive" });
      return;
    }
    update.mutate(
      { firstName, lastName },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: t("toast.updatedTitle"), description: t("toast.updatedBody"), variant: "success" });
        },
        onError: (error) => {
          console.error("Updating the profile failed", error);
          toast({ title: t("toast.errorTitle"), description: t("toast.updateFailed"), variant: "destructive" });
        },
      },
    );
  };

  const saveChanges = () => {
    writePreferences(preferences);
    if (preferences.darkMode !== darkMode) onDarkModeChange(preferences.darkMode);
    toast({ title: t("toast.settingsSaved"), variant: "success" });
    onOpenChange(false);
  };

  const deleteAccount = () => {
    remove.mutate(undefined, {
      onSuccess: async () => {
        toast({ title: t("toast.deletedTitle"), description: t("toast.deletedBody"), variant: "success" });
        removeLocal(STORAGE_KEYS.splashSeen, STORAGE_KEYS.newUser);
        try {
          await signOut();
        } catch (error) {
          console.error("Sign-out after account deletion failed", error);
        }
        setConfirmDelete(false);
        onOpenChange(false);
        window.location.reload();
      },
      onError: (error) => {
        console.error("Deleting the account failed", error);
        toast({ title: t("toast.errorTitle"), description: t("toast.deleteFailed"), variant: "destructive" });
      },
    });
  };

  const toggles: Array<{ key: keyof Preferences; label: string; hint: string }> = [
    { key: "darkMode", label: t("toggles.darkMode"), hint: t("toggles.darkModeHint") },
    { key: "notifications", label: t("toggles.notifications"), hint: t("toggles.notificationsHint") },
    { key: "sound", label: t("toggles.sound"), hint: t("toggles.soundHint") },
    { key: "autoSave", label: t("toggles.autoSave"), hint: t("toggles.autoSaveHint") },
  ];

  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={t("title")}
        size="md"
        footer={
          <div className="modal__actions">
            <button type="button" className="btn btn--subtle" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </button>
            <button type="button" className="btn btn--primary" onClick={saveChanges}>
              {t("saveChanges")}
            </button>
          </div>
        }
      >
        <div className="profile">
          <section className="profile__section" aria-labelledby="profile-info">
            <div className="profile__section-head">
              <h3 id="profile-info">{t("profile")}</h3>
              {!editing && (
                <button type="button" className="btn btn--subtle btn--sm" onClick={startEdit}>
                  {t("edit")}
                </button>
              )}
            </div>
            <div className="profile__field">
              <label htmlFor="profile-email">{t("email")}</label>
              <input id="profile-email" className="input" type="email" value={user.email ?? ""} readOnly dir="ltr" />
            </div>
            <div className="profile__names">
              <div className="profile__field">
                <label htmlFor="profile-first">{t("firstName")}</label>
                <input
                  id="profile-first"
                  className="input"
                  value={editing ? draft.firstName : names.firstName}
                  readOnly={!editing}
                  onChange={(e) => setDraft((d) => ({ ...d, firstName: e.target.value }))}
                  dir="auto"
                  autoComplete="given-name"
                />
              </div>
              <div className="profile__field">
                <label htmlFor="profile-last">{t("lastName")}</label>
                <input
                  id="profile-last"
                  className="input"
                  value={editing ? draft.lastName : names.lastName}
                  readOnly={!editing}
                  onChange={(e) => setDraft((d) => ({ ...d, lastName: e.target.value }))}
                  dir="auto"
                  autoComplete="family-name"
                />
              </div>
            </div>
            {editing && (
              <div className="profile__row-actions">
                <button type="button" className="btn btn--subtle btn--sm" onClick={() => setEditing(false)} disabled={update.isPending}>
                  {t("cancel")}
                </button>
                <button type="button" className="btn btn--primary btn--sm" onClick={saveNames} disabled={update.isPending}>
                  {update.isPending ? t("saving") : t("save")}
                </button>
              </div>
            )}
          </section>

          <section className="profile__section" aria-labelledby="profile-prefs">
            <h3 id="profile-prefs">{t("preferences")}</h3>
            <ul className="profile__toggles">
              {toggles.map((toggle) => (
                <li key={toggle.key} className="profile__toggle">
                  <span>
                    <span className="profile__toggle-label" id={`pref-${toggle.key}`}>
                      {toggle.label}
                    </span>
                    <span className="profile__toggle-hint">{toggle.hint}</span>
                  </span>
                  <button
                    type="button"
                    role="switch"
                    className="switch"
                    aria-checked={preferences[toggle.key]}
                    aria-labelledby={`pref-${toggle.key}`}
                    onClick={() => setPreferences((p) => ({ ...p, [toggle.key]: !p[toggle.key] }))}
                  >
                    <span className="switch__thumb" />
                  </button>
                </li>
              ))}
            </ul>
          </section>

          <section className="profile__section" aria-labelledby="profile-security">
            <h3 id="profile-security">{t("security")}</h3>
            <div className="profile__row-actions profile__row-actions--start">
              <button type="button" className="btn btn--subtle" onClick={onChangePassword}>
                {t("changePassword")}
              </button>
            </div>
          </section>

          <section className="profile__section profile__section--danger" aria-labelledby="profile-danger">
            <h3 id="profile-danger">{t("dangerZone")}</h3>
            <p>{t("deleteHint")}</p>
            <div className="profile__row-actions profile__row-actions--start">
              <button type="button" className="btn btn--danger" onClick={() => setConfirmDelete(true)}>
                {t("deleteAccount")}
              </button>
            </div>
          </section>
        </div>
      </Modal>
      {confirmDelete && (
        <Modal
          open
          onOpenChange={(value) => !value && !remove.isPending && setConfirmDelete(false)}
          title={t("confirmDeleteTitle")}
          description={t("confirmDeleteBody")}
          size="sm"
        >
          <div className="modal__actions">
            <button type="button" className="btn btn--subtle" onClick={() => setConfirmDelete(false)} disabled={remove.isPending}>
              {t("cancel")}
            </button>
            <button type="button" className="btn btn--danger" onClick={deleteAccount} disabled={remove.isPending}>
              {remove.isPending ? t("deleting") : t("confirmDelete")}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
