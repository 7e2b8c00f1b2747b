import { useTranslation } from "react-i18next";
import { setLanguage } from "../../../i18n";

/** Arabic ⇄ English. The visible label ("English" / "العربية") is the accessible name, in its own language. */
export function LanguageSwitch({ className }: { className: string }) {
  const { i18n } = useTranslation();
  const next = i18n.resolvedLanguage === "en" ? "ar" : "en";
  return (
    <button type="button" className={className} lang={next} onClick={() => void setLanguage(next)}>
      {next === "ar" ? "العربية" : "English"}
    </button>
  );
}
