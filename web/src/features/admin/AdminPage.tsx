import "./admin-page.css";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { LanguageToggle } from "../../components/ui/LanguageToggle";
import { Logo } from "../../components/ui/Logo";
import { Spinner } from "../../components/ui/Spinner";
import { useAuth } from "../../lib/auth";
import { KnowledgeManager } from "./knowledge";

/** How long a non-admin sees Access Denied before going back to / (spec §2). */
const DENIED_REDIRECT_MS = 3000;

/**
 * /admin (spec §2): verifying while the admin flag loads; non-admins see Access Denied and are sent
 * to / once loading has ended; admins get the knowledge-base manager with its four tabs.
 */
export default function AdminPage() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const { loading, adminLoading, session, isAdmin } = useAuth();
  const verifying = loading || adminLoading;
  const denied = !verifying && !isAdmin;

  useEffect(() => {
    if (!denied) return;
    const timer = window.setTimeout(() => navigate("/", { replace: true }), DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [denied, navigate]);

  return (
    <div className="admin">
      <header className="admin__header">
        <Link to="/app" className="admin__brand" title={t("admin.returnToApp")} aria-label={`${t("app.name")} — ${t("admin.returnToApp")}`}>
          <Logo size={30} />
          <span className="admin__brand-name">{t("app.name")}</span>
        </Link>
        <h1 className="admin__title">{t("admin.title")}</h1>
        <LanguageToggle className="btn btn--subtle" />
      </header>
      <main className="admin__main">
        {verifying ? (
          <div className="page-state">
            <Spinner label={t("admin.verifying")} />
            <p>{t("admin.verifying")}</p>
          </div>
        ) : denied ? (
          <section className="page-state" role="alert" aria-labelledby="denied-title">
            <h2 id="denied-title">{t("admin.accessDenied")}</h2>
            <p>{t("admin.accessDeniedNote")}</p>
            {!session && <p>{t("admin.signInFirst")}</p>}
            <Link className="btn btn--primary" to="/app">
              {t("admin.returnToApp")}
            </Link>
          </section>
        ) : (
          <KnowledgeManager showViewJson />
        )}
      </main>
    </div>
  );
}
