import "./admin-panel.css";
import * as Tabs from "@radix-ui/react-tabs";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminAnalyticsKeys } from "../../../api/keys";
import { Modal } from "../../../components/ui/Modal";
import { Spinner } from "../../../components/ui/Spinner";
import { currentLanguage, directionOf } from "../../../i18n";
import { useAuth } from "../../../lib/auth";
import { DocumentsTab } from "./DocumentsTab";
import { ForbiddenContext } from "./guard";
import { OverviewTab } from "./OverviewTab";
import { QuestionsTab } from "./QuestionsTab";
import { UsersTab } from "./UsersTab";

// The knowledge-base manager is large and only needed on its tab.
const KnowledgeManager = lazy(() => import("../knowledge").then((module) => ({ default: module.KnowledgeManager })));

export const ADMIN_TABS = ["overview", "users", "questions", "documents", "knowledge"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

interface AdminPanelDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The admin panel (spec §2): a modal over the main app with five tabs. Non-admins, and admins whose
 * rights were removed meanwhile (the server then answers 403), see Access Restricted.
 */
export function AdminPanelDialog({ open, onOpenChange }: AdminPanelDialogProps) {
  const { t } = useTranslation("adminPanel");
  const { loading, adminLoading, isAdmin } = useAuth();
  const [forbidden, setForbidden] = useState(false);
  const [tab, setTab] = useState<AdminTab>("overview");
  const onForbidden = useCallback(() => setForbidden(true), []);
  const dir = directionOf(currentLanguage());
  const queryClient = useQueryClient();

  // Each opening shows fresh figures (and a 403 if the rights were removed meanwhile): drop them on close.
  useEffect(() => () => queryClient.removeQueries({ queryKey: adminAnalyticsKeys.all }), [queryClient]);

  let body;
  if (loading || adminLoading) {
    body = (
      <div className="ap-state">
        <Spinner label={t("verifying")} />
        <p>{t("verifying")}</p>
      </div>
    );
  } else if (!isAdmin || forbidden) {
    body = (
      <section className="ap-restricted" role="alert" aria-labelledby="ap-restricted-title">
        <h3 id="ap-restricted-title">{t("restricted.title")}</h3>
        <p>{t("restricted.body")}</p>
        <button type="button" className="btn btn--primary" onClick={() => onOpenChange(false)}>
          {t("restricted.returnToApp")}
        </button>
      </section>
    );
  } else {
    body = (
      <ForbiddenContext.Provider value={onForbidden}>
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AdminTab)} dir={dir} className="ap-tabs">
          <Tabs.List className="ap-tabs__list" aria-label={t("tabs.label")}>
            {ADMIN_TABS.map((id) => (
              <Tabs.Trigger key={id} value={id} className="ap-tabs__trigger">
                {t(`tabs.${id}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" className="ap-tabs__panel">
            <OverviewTab />
          </Tabs.Content>
          <Tabs.Content value="users" className="ap-tabs__panel">
            <UsersTab />
          </Tabs.Content>
          <Tabs.Content value="questions" className="ap-tabs__panel">
            <QuestionsTab />
          </Tabs.Content>
          <Tabs.Content value="documents" className="ap-tabs__panel">
            <DocumentsTab />
          </Tabs.Content>
          <Tabs.Content value="knowledge" className="ap-tabs__panel">
            <Suspense fallback={<Spinner label={t("loading")} />}>
              <KnowledgeManager showViewJson={false} />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
      </ForbiddenContext.Provider>
    );
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("title")} size="lg" className="admin-panel">
      {body}
    </Modal>
  );
}
