import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAdminUsers, useSetUserAdmin, type AdminUser } from "../../../api/admin-analytics";
import { serverMessage } from "../../../api/client";
import { formatDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { useForbiddenGuard } from "./guard";
import { displayName } from "./format";
import { QueryState } from "./QueryState";

const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Users (spec §2): search, pages by cursor, Active badge, question count, last activity, Make/Remove Admin. */
export function UsersTab() {
  const { t, i18n } = useTranslation("adminPanel");
  const language = i18n.resolvedLanguage ?? "ar";
  const searchId = useId();
  const [term, setTerm] = useState("");
  const search = useDebounced(term.trim(), SEARCH_DELAY_MS);
  const users = useAdminUsers(search);
  const setAdmin = useSetUserAdmin();
  useForbiddenGuard(users.error, setAdmin.error);

  const pages = users.data?.pages ?? [];
  const list = pages.flatMap((page) => page.users);
  const first = pages[0];

  const toggle = (user: AdminUser) => {
    setAdmin.mutate(
      { userId: user.id, isAdmin: !user.isAdmin },
      {
        onSuccess: () => toast({ title: t("users.updated"), description: t("users.updatedBody"), variant: "success" }),
        onError: (error) => toast({ title: t("users.error"), description: serverMessage(error, language) ?? t("users.errorBody"), variant: "destructive" }),
      },
    );
  };

  return (
    <div className="ap-users">
      <div className="ap-toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          {t("users.searchLabel")}
        </label>
        <input
          id={searchId}
          type="search"
          className="ap-input ap-toolbar__search"
          placeholder={t("users.searchPlaceholder")}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          autoComplete="off"
        />
        {first && (
          <p className="ap-toolbar__count" aria-live="polite">
            {t("users.total", { count: first.total })}
            <span className="ap-muted"> · {t("users.authTotal", { count: first.totalSupabaseUsers })}</span>
          </p>
        )}
      </div>
      <QueryState
        isPending={users.isPending}
        error={users.error}
        onRetry={() => void users.refetch()}
        isEmpty={list.length === 0}
        empty={search ? t("users.noMatch") : t("users.empty")}
      >
        <ul className="ap-list" aria-busy={users.isFetching}>
          {list.map((user) => {
            const name = displayName(user);
            const busy = setAdmin.isPending && setAdmin.variables?.userId === user.id;
            return (
              <li key={user.id} className="ap-row ap-user" data-user={user.email}>
                <span className="ap-row__main">
                  <span className="ap-row__title">
                    {name}
                    {user.isAdmin && <span className="badge ap-badge--admin">{t("users.admin")}</span>}
                    {user.isActive && <span className="badge ap-badge--active">{t("users.active")}</span>}
                  </span>
                  <span className="ap-row__meta">
                    <span dir="ltr" className="ap-user__email">
                      {user.email}
                    </span>
                    <span>{t("users.questions", { count: user.questionCount })}</span>
                    <span>{t("users.lastActive", { date: user.lastActiveAt ? formatDateTime(user.lastActiveAt, language) : t("users.never") })}</span>
                    {user.createdAt && <span>{t("users.joined", { date: formatDateTime(user.createdAt, language) })}</span>}
                  </span>
                </span>
                <button
                  type="button"
                  className={`btn btn--sm ${user.isAdmin ? "btn--subtle" : "btn--primary"}`}
                  onClick={() => toggle(user)}
                  disabled={busy}
                >
                  {user.isAdmin ? t("users.removeAdmin") : t("users.makeAdmin")}
                  <span className="visually-hidden">{` — ${name}`}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {users.hasNextPage && (
          <div className="ap-more">
            <button type="button" className="btn btn--subtle" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
              {t("users.loadMore")}
            </button>
          </div>
        )}
      </QueryState>
    </div>
  );
}
