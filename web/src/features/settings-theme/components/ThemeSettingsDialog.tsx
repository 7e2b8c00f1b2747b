import "./theme-settings.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveTheme } from "../../../api/user-theme";
import { Modal } from "../../../components/ui/Modal";
import { useAuth } from "../../../lib/auth";
import { toast } from "../../../lib/toast";
import { applyTheme, currentTheme, THEMES, type ThemeId } from "../../../themes";

interface ThemeSettingsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Choose a theme, preview it, then Apply (stored locally, and on the server for registered users) or Cancel. */
export default function ThemeSettingsDialog({ open, onOpenChange }: ThemeSettingsDialogProps) {
  const { t } = useTranslation("settingsTheme");
  const { user } = useAuth();
  const [selected, setSelected] = useState<ThemeId>(currentTheme);
  const save = useSaveTheme();

  const onApply = async () => {
    applyTheme(selected);
    if (user?.email) {
      try {
        await save.mutateAsync({ email: user.email, theme: selected });
      } catch (error) {
        console.error("Saving the theme failed", error);
        toast({ title: t("saveFailedTitle"), description: t("saveFailed"), variant: "destructive" });
        onOpenChange(false);
        return;
      }
    }
    toast({ title: t("applied"), description: t(`themes.${selected}.name`), variant: "success" });
    onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={user ? t("descriptionUser") : t("descriptionGuest")}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn--subtle" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void onApply()} disabled={save.isPending}>
            {t("apply")}
          </button>
        </>
      }
    >
      <div className="theme-settings">
        <div className="theme-grid" role="radiogroup" aria-label={t("choose")}>
          {THEMES.map((theme) => {
            const checked = theme.id === selected;
            return (
              <button
                key={theme.id}
                type="button"
                role="radio"
                aria-checked={checked}
                className={`theme-card${checked ? " theme-card--selected" : ""}`}
                onClick={() => setSelected(theme.id)}
              >
                <span className="theme-card__swatches" aria-hidden="true">
                  {Object.values(theme.colors).map((color) => (
                    <span key={color} className="theme-card__swatch" style={{ background: color }} />
                  ))}
                </span>
                <span className="theme-card__name">
                  {t(`themes.${theme.id}.name`)}
                  {theme.isDefault && <span className="badge">{t("default")}</span>}
                </span>
                <span className="theme-card__description">{t(`themes.${theme.id}.description`)}</span>
              </button>
            );
          })}
        </div>
        <section className="theme-preview" aria-label={t("preview")}>
          <p className="theme-preview__label">{t("preview")}</p>
          <div className="theme-preview__frame" data-theme={selected}>
            <div className="theme-preview__bar">
              <span className="theme-preview__dot" />
              {t("previewTitle")}
            </div>
            <div className="theme-preview__body">
              <p className="theme-preview__msg theme-preview__msg--user">{t("previewQuestion")}</p>
              <p className="theme-preview__msg theme-preview__msg--ai">{t("previewAnswer")}</p>
              <span className="theme-preview__chip">{t("previewCitation")}</span>
            </div>
          </div>
        </section>
      </div>
    </Modal>
  );
}
