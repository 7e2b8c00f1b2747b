import { useTranslation } from "react-i18next";
import { currentLanguage, setLanguage } from "../../i18n";

/** Switches between Arabic and English; the choice is stored in localStorage ("language"). */
export function LanguageToggle({ className = "btn btn--ghost" }: { className?: string }) {
  const { t } = useTranslation("common");
  const next = currentLanguage() === "ar" ? "en" : "ar";
  return (
    <button
      type="button"
      className={className}
      lang={next}
      title={t("language.switchLabel")}
      onClick={() => void setLanguage(next)}
    >
      {t("language.switchTo")}
    </button>
  );
}
