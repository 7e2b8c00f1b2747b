import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  activeCountsQuery,
  feedbackStatsQuery,
  generalStatsQuery,
  useActiveUsers,
  userStatsQuery,
  type ActiveWindow,
} from "../../../api/admin-analytics";
import { useDocumentSearch } from "../../../api/documents";
import { CloseIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/Spinner";
import { formatDateTime } from "../../../lib/dates";
import { useForbiddenGuard } from "./guard";
import { categoryKey } from "../../../lib/law-categories";
import { displayName, formatCount } from "./format";
import { QueryState } from "./QueryState";

// recharts is large: it loads only when the Overview tab shows.
const OverviewCharts = lazy(() => import("./OverviewCharts"));

const ALL_DOCUMENTS = { query: "", category: "all" } as const;
const RECENT_DOCUMENTS = 5;
const WINDOWS: readonly ActiveWindow[] = ["now", "today", "week"];
const WINDOW_LABEL = { now: "overview.activeNow", today: "overview.activeToday", week: "overview.activeWeek" } as const;

/** Overview (spec §2): stat cards, up to 5 recent documents, the active-users panel and the 30-day charts. */
export function OverviewTab() {
  const { t, i18n } = useTranslation("adminPanel");
  const language = i18n.resolvedLanguage ?? "ar";
  const stats = useQuery(generalStatsQuery());
  const userStats = useQuery(userStatsQuery());
  const feedback = useQuery(feedbackStatsQuery());
  const documents = useDocumentSearch(ALL_DOCUMENTS);
  useForbiddenGuard(stats.error, userStats.error, feedback.error);

  const cards = [
    { id: "questionsToday", label: t("overview.questionsToday"), value: stats.data?.questionsToday },
    { id: "totalQuestions", label: t("overview.totalQuestions"), value: stats.data?.totalQuestions },
    { id: "totalConversations", label: t("overview.totalConversations"), value: stats.data?.totalConversations },
    { id: "likes", label: t("overview.likes"), value: feedback.data?.likes },
    { id: "dislikes", label: t("overview.dislikes"), value: feedback.data?.dislikes },
    { id: "totalRegistered", label: t("overview.registeredUsers"), value: userStats.data?.totalRegistered },
    { id: "activeUsers", label: t("overview.activeUsers"), value: userStats.data?.activeUsers },
  ];
  const busy = stats.isPending || feedback.isPending || userStats.isPending;
  const failed = stats.error ?? feedback.error ?? userStats.error;

  const recent = [...(documents.data ?? [])].sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? "")).slice(0, RECENT_DOCUMENTS);

  return (
    <div className="ap-overview">
      <section aria-labelledby="ap-stats-title">
        <h3 id="ap-stats-title" className="visually-hidden">
          {t("overview.statsLabel")}
        </h3>
        <QueryState
          isPending={busy}
          error={failed}
          onRetry={() => {
            void stats.refetch();
            void feedback.refetch();
            void userStats.refetch();
          }}
        >
          <ul className="ap-cards">
            {cards.map((card) => (
              <li key={card.id} className="ap-card" data-stat={card.id}>
                <span className="ap-card__label">{card.label}</span>
                <span className="ap-card__value">{formatCount(card.value, language)}</span>
              </li>
            ))}
          </ul>
        </QueryState>
      </section>

      <ActiveUsersPanel />

      <section className="ap-section" aria-labelledby="ap-recent-title">
        <h3 id="ap-recent-title" className="ap-section__title">
          {t("overview.recentDocuments")}
        </h3>
        <QueryState
          isPending={documents.isPending}
          error={documents.error}
          onRetry={() => void documents.refetch()}
          isEmpty={recent.length === 0}
          empty={t("overview.noDocuments")}
        >
          <ul className="ap-list">
            {recent.map((document) => (
              <li key={document.id} className="ap-row">
                <span className="ap-row__main">
                  <span className="ap-row__title">{document.title}</span>
                  <span className="ap-row__meta">
                    <span className="badge">{t(categoryKey(document.category), { defaultValue: document.category })}</span>
                    {document.createdAt && <span dir="ltr">{formatDateTime(document.createdAt, language)}</span>}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </QueryState>
      </section>

      <Suspense
        fallback={
          <div className="ap-state">
            <Spinner label={t("overview.chartsLoading")} />
          </div>
        }
      >
        <OverviewCharts />
      </Suspense>
    </div>
  );
}

/** Counts for now / today / this week; a button opens that window's list in a panel that can be closed. */
function ActiveUsersPanel() {
  const { t, i18n } = useTranslation("adminPanel");
  const language = i18n.resolvedLanguage ?? "ar";
  const counts = useQuery(activeCountsQuery());
  const [open, setOpen] = useState<ActiveWindow | null>(null);
  const list = useActiveUsers(open);
  useForbiddenGuard(counts.error, list.error);

  return (
    <section className="ap-section" aria-labelledby="ap-active-title">
      <h3 id="ap-active-title" className="ap-section__title">
        {t("overview.activeTitle")}
      </h3>
      <div className="ap-active__buttons">
        {WINDOWS.map((kind) => (
          <button
            key={kind}
            type="button"
            className={`btn btn--subtle btn--sm${open === kind ? " is-selected" : ""}`}
            aria-expanded={open === kind}
            aria-controls="ap-active-list"
            data-window={kind}
            onClick={() => setOpen((current) => (current === kind ? null : kind))}
          >
            {t("overview.activeCount", { label: t(WINDOW_LABEL[kind]), count: counts.data?.[kind] ?? 0 })}
          </button>
        ))}
      </div>
      {open && (
        <div id="ap-active-list" className="ap-active__panel" role="region" aria-labelledby="ap-active-list-title">
          <div className="ap-active__header">
            <h4 id="ap-active-list-title">{t("overview.activeListTitle", { label: t(WINDOW_LABEL[open]) })}</h4>
            <button type="button" className="icon-btn" aria-label={t("overview.closeActive")} onClick={() => setOpen(null)}>
              <CloseIcon />
            </button>
          </div>
          <QueryState
            isPending={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            isEmpty={(list.data?.users.length ?? 0) === 0}
            empty={t("overview.noActive")}
          >
            <ul className="ap-list">
              {list.data?.users.map((user) => (
                <li key={user.id} className="ap-row">
                  <span className="ap-row__main">
                    <span className="ap-row__title">{displayName(user)}</span>
                    <span className="ap-row__meta">
                      <span dir="ltr">{user.email}</span>
                      {user.lastActiveAt && <span dir="ltr">{formatDateTime(user.lastActiveAt, language)}</span>}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </QueryState>
        </div>
      )}
    </section>
  );
}
