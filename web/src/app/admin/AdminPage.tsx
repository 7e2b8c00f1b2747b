import "./admin.css";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { useKnowledgeStats } from "../../api/admin";
import { LanguageToggle } from "../../components/ui/LanguageToggle";
import { Logo } from "../../components/ui/Logo";
import { Spinner } from "../../components/ui/Spinner";
import { useAuth } from "../../lib/auth";

/** How long a non-admin sees Access Denied before going back to / (spec §2). */
const DENIED_REDIRECT_MS = 3000;

/**
 * /admin (spec §2): verifying while the admin flag loads; non-admins see Access Denied and are sent
 * to / once loading has ended. The knowledge-base manager plugs in with the admin issue.
 */
export default function AdminPage() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const { loading, adminLoading, session, isAdmin } = useAuth();
  const verifying = loading || adminLoading;
  const denied = !verifying && !isAdmin;
  const stats = useKnowledgeStats(!verifying && isAdmin);

  useEffect(() => {
    if (!denied) return;
    const timer = window.setTimeout(() => navigate("/", { replace: true }), DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [denied, navigate]);

  return (
    <div className="admin">
      <header className="admin__header">
        <Link to="/app" className="admin__brand" title={t("admin.returnToApp")}>
          <Logo size={30} />
          <span>{t("app.name")}</span>
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
          <>
            <ul className="admin__cards" aria-busy={stats.isPending}>
              <StatCard label={t("admin.totalArticles")} value={stats.data?.totalArticles} />
              <StatCard label={t("admin.totalLaws")} value={stats.data?.totalLaws} />
              <StatCard
                label={t("admin.readyStatus")}
                value={stats.data ? (stats.data.totalArticles > 0 ? t("admin.active") : t("admin.empty")) : undefined}
                tone={stats.data && stats.data.totalArticles > 0 ? "ok" : undefined}
              />
            </ul>
            {stats.isError && <p className="admin__error" role="alert">{t("admin.loadFailed")}</p>}
            {stats.data && stats.data.lawsList.length > 0 && (
              <section className="admin__laws" aria-labelledby="laws-title">
                <h2 id="laws-title">{t("admin.laws")}</h2>
                <ul>
                  {stats.data.lawsList.map((law) => (
                    <li key={law.lawName}>
                      <span className="admin__law-name">
                        {law.sourceUrl ? (
                          <a href={law.sourceUrl} target="_blank" rel="noreferrer">
                            {law.lawName}
                          </a>
                        ) : (
                          law.lawName
                        )}
                      </span>
                      <span className="admin__law-count">{t("admin.articles", { value: law.articleCount })}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </main>
    </div>
  );
}

function StatCard({ label, value, tone }: { label: string; value: number | string | undefined; tone?: "ok" }) {
  return (
    <li className={`stat-card${tone === "ok" ? " stat-card--ok" : ""}`}>
      <span className="stat-card__label">{label}</span>
      <span className="stat-card__value">{value ?? "—"}</span>
    </li>
  );
}
