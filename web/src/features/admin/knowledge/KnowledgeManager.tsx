import "./knowledge.css";
import * as Tabs from "@radix-ui/react-tabs";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useKnowledgeStats } from "../../../api/admin";
import { adminKeys, adminKnowledgeKeys } from "../../../api/keys";
import { Modal } from "../../../components/ui/Modal";
import { currentLanguage, directionOf } from "../../../i18n";
import { JsonView } from "./JsonView";
import { LawsTab } from "./LawsTab";
import { toastOutcome, type Outcome } from "./outcome";
import { ResultPanel } from "./ResultPanel";
import { SearchTab } from "./SearchTab";
import { UploadTab } from "./UploadTab";

type TabId = "upload" | "search" | "laws" | "json";

export interface KnowledgeManagerProps {
  /** /admin shows the View JSON tab; the in-app admin panel has three tabs and previews in a dialog. */
  showViewJson: boolean;
}

/**
 * The knowledge-base manager (spec §2 "Admin page"): three stat cards and the Upload Files, Search
 * Knowledge, Laws Overview (and View JSON) tabs. Only rendered for admins.
 */
export function KnowledgeManager({ showViewJson }: KnowledgeManagerProps) {
  const { t } = useTranslation("adminKnowledge");
  const queryClient = useQueryClient();
  const stats = useKnowledgeStats(true);
  const [tab, setTab] = useState<TabId>("upload");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [selectedLaw, setSelectedLaw] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);

  const tabs: TabId[] = showViewJson ? ["upload", "search", "laws", "json"] : ["upload", "search", "laws"];
  const labels: Record<TabId, string> = { upload: t("tabs.upload"), search: t("tabs.search"), laws: t("tabs.laws"), json: t("tabs.json") };

  const notify = useCallback((next: Outcome) => {
    setOutcome(next);
    toastOutcome(next);
  }, []);

  /** Spec §7: after upload, replace, delete and update the stats are refreshed (and the knowledge reads). */
  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.knowledgeStats() }),
      queryClient.invalidateQueries({ queryKey: adminKnowledgeKeys.all }),
    ]);
  }, [queryClient]);

  const triggers = useRef(new Map<TabId, HTMLButtonElement>());

  /** Switches tab from inside a panel (e.g. "View JSON" on a law) and moves focus to the new tab. */
  const select = (next: TabId) => {
    setTab(next);
    triggers.current.get(next)?.focus();
  };

  const viewJson = (lawName: string) => {
    setSelectedLaw(lawName);
    if (showViewJson) select("json");
    else setPreviewOpen(true);
  };

  const data = stats.data;
  const ready = data ? data.totalArticles > 0 : undefined;

  return (
    <div className="km">
      <ul className="km-cards" aria-label={t("stats.label")} aria-busy={stats.isPending}>
        <StatCard label={t("stats.totalArticles")} value={data?.totalArticles} />
        <StatCard label={t("stats.totalLaws")} value={data?.totalLaws} />
        <StatCard label={t("stats.readyStatus")} value={ready === undefined ? undefined : ready ? t("stats.active") : t("stats.empty")} tone={ready ? "ok" : ready === false ? "empty" : undefined} />
      </ul>
      {stats.isError && (
        <p className="km-error" role="alert">
          {t("stats.loadFailed")}
        </p>
      )}

      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabId)} dir={directionOf(currentLanguage())} className="km-tabset">
        <Tabs.List className="km-tabs" aria-label={t("tabs.label")}>
          {tabs.map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              ref={(element) => {
                if (element) triggers.current.set(id, element);
                else triggers.current.delete(id);
              }}
              className="km-tab"
            >
              {labels[id]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <ResultPanel outcome={outcome} onDismiss={() => setOutcome(null)} />

        {/* Panels stay mounted (an upload in progress or a search survives a tab switch); inactive ones are hidden. */}
        {tabs.map((id) => (
          <Tabs.Content key={id} value={id} forceMount hidden={tab !== id} className="km-panel">
            {id === "upload" && <UploadTab notify={notify} refresh={refresh} hasArticles={(data?.totalArticles ?? 0) > 0} />}
            {id === "search" && <SearchTab />}
            {id === "laws" && <LawsTab stats={data} notify={notify} refresh={refresh} onViewJson={viewJson} />}
            {id === "json" && <JsonView lawName={selectedLaw} notify={notify} onPickLaw={() => select("laws")} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {!showViewJson && (
        <Modal open={previewOpen} onOpenChange={setPreviewOpen} title={t("json.title")} size="lg">
          <JsonView lawName={selectedLaw} notify={notify} onPickLaw={() => setPreviewOpen(false)} />
        </Modal>
      )}
    </div>
  );
}

function StatCard({ label, value, tone }: { label: string; value: number | string | undefined; tone?: "ok" | "empty" }) {
  return (
    <li className={`km-card${tone ? ` km-card--${tone}` : ""}`}>
      <span className="km-card__label">{label}</span>
      <span className="km-card__value">{value ?? "—"}</span>
    </li>
  );
}
