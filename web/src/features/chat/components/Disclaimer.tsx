import { useTranslation } from "react-i18next";

/** Always shown above the text box (spec §1). */
export function Disclaimer() {
  const { t } = useTranslation("chat");
  return (
    <p className="disclaimer" id="chat-disclaimer">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path d="M8 7v4M8 4.6v.4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>{t("disclaimer")}</span>
    </p>
  );
}
