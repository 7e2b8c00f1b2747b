import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { LanguageToggle } from "../../../components/ui/LanguageToggle";
import { Logo } from "../../../components/ui/Logo";

interface LandingHeaderProps {
  signedIn: boolean;
  onSignIn(): void;
  onGetStarted(): void;
}

/** Sticky top bar: brand, language toggle, Sign In and Get Started (Go to App when signed in). */
export function LandingHeader({ signedIn, onSignIn, onGetStarted }: LandingHeaderProps) {
  const { t } = useTranslation("landing");
  return (
    <header className="lp-header">
      <div className="lp-container lp-header__inner">
        <Link to="/" className="lp-header__brand" aria-label={t("nav.home")}>
          <Logo size={34} />
          <span aria-hidden="true">QAI</span>
        </Link>
        <nav className="lp-header__actions" aria-label={t("nav.label")}>
          <LanguageToggle className="lp-btn lp-btn--quiet lp-header__lang" />
          {!signedIn && (
            <button type="button" className="lp-btn lp-btn--quiet" onClick={onSignIn}>
              {t("nav.signIn")}
            </button>
          )}
          <button type="button" className="lp-btn lp-btn--gold lp-header__cta" onClick={onGetStarted}>
            {signedIn ? t("nav.goToApp") : t("nav.getStarted")}
          </button>
        </nav>
      </div>
    </header>
  );
}
