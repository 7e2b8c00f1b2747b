import { useTranslation } from "react-i18next";
import { setLanguage } from "../../i18n";

/**
 * Switches between Arabic and English; the choice is stored in localStorage ("language"). The
 * visible label ("English" / "العربية"), in its own language, is the accessible name.
 */
export function LanguageToggle({ className = "btn btn--ghost" }: { className?: string }) {
  const { i18n } = useTranslation();
  const next = i18n.resolvedLanguage === "en" ? "ar" : "en";
  return (
    <button type="button" className={className} lang={next} onClick={() => void setLanguage(next)}>
      {next === "ar" ? "العربية" : "English"}
    </button>
  );
}
