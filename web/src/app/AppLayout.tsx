import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router-dom";
import { LanguageToggle } from "../components/ui/LanguageToggle";
import { Logo } from "../components/ui/Logo";
import { Spinner } from "../components/ui/Spinner";
import { ErrorBoundary } from "./ErrorBoundary";

/** Header (brand, language) and the routed page below it. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <>
      <header className="app-header">
        <Link to="/" className="app-header__brand" aria-label={t("app.home")}>
          <Logo size={32} />
          <span aria-hidden="true">{t("app.name")}</span>
        </Link>
        <div className="app-header__actions">
          <LanguageToggle />
        </div>
      </header>
      <main className="app-main">
        <ErrorBoundary>
          <Suspense
            fallback={
              <div className="page-state">
                <Spinner label={t("app.loading")} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </>
  );
}
