import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Logo } from "../../../components/ui/Logo";
import { GENERAL_EMAIL, SUPPORT_EMAIL } from "../constants";
import { MailIcon } from "./icons";

/** Footer: brand, support and general-inquiry contacts, legal link and the information-only disclaimer. */
export function LandingFooter() {
  const { t, i18n } = useTranslation("landing");
  return (
    <footer className="lp-footer">
      <div className="lp-container">
        <div className="lp-footer__top">
          <div className="lp-footer__brand">
            <span className="lp-footer__logo">
              <Logo size={36} />
              <span>QAI</span>
            </span>
            <p>{t("footer.tagline")}</p>
          </div>
          <div className="lp-footer__contact">
            <h2>{t("footer.contact")}</h2>
            <ul>
              <li>
                <MailIcon size={18} />
                <span>{t("footer.support")}:</span>
                <a href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
                  {SUPPORT_EMAIL}
                </a>
              </li>
              <li>
                <MailIcon size={18} />
                <span>{t("footer.general")}:</span>
                <a href={`mailto:${GENERAL_EMAIL}`} dir="ltr">
                  {GENERAL_EMAIL}
                </a>
              </li>
              <li>
                <Link to={`/legal?lang=${i18n.resolvedLanguage === "ar" ? "ar" : "en"}`}>{t("footer.legal")}</Link>
              </li>
            </ul>
          </div>
        </div>
        <p className="lp-footer__disclaimer" role="note">
          {t("footer.disclaimer")}
        </p>
        <p className="lp-footer__rights">{t("footer.rights", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
