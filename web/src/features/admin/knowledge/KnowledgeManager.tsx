import "./knowledge.css";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useKnowledgeStats } from "../../../api/admin";
import { adminKeys, adminKnowledgeKeys } from "../../../api/keys";
import { Modal } from "../../../components/ui/Modal";
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
  const baseId = useId();
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

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

  const select = (next: TabId, focus = false) => {
    setTab(next);
    if (focus) tabRefs.current.get(next)?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(tab);
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: TabId | undefined;
    if (step) next = tabs[(index + step + tabs.length) % tabs.length];
    else if (event.key === "Home") next = tabs[0];
    else if (event.key === "End") next = tabs[tabs.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next, true);
  };

  const viewJson = (lawName: string) => {
    setSelectedLaw(lawName);
    if (showViewJson) select("json", true);
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

      <div className="km-tabs" role="tablist" aria-label={t("tabs.label")}>
        {tabs.map((id) => (
          <button
            key={id}
            ref={(element) => {
              if (element) tabRefs.current.set(id, element);
              else tabRefs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${id}`}
            aria-controls={`${baseId}-panel-${id}`}
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            className="km-tab"
            onClick={() => select(id)}
            onKeyDown={onTabKey}
          >
            {labels[id]}
          </button>
        ))}
      </div>

      <ResultPanel outcome={outcome} onDismiss={() => setOutcome(null)} />

      {tabs.map((id) => (
        <section
          key={id}
          role="tabpanel"
          id={`${baseId}-panel-${id}`}
          aria-labelledby={`${baseId}-tab-${id}`}
          hidden={tab !== id}
          tabIndex={0}
          className="km-panel"
        >
          {id === "upload" && <UploadTab notify={notify} refresh={refresh} hasArticles={(data?.totalArticles ?? 0) > 0} />}
          {id === "search" && <SearchTab />}
          {id === "laws" && <LawsTab stats={data} notify={notify} refresh={refresh} onViewJson={viewJson} />}
          {id === "json" && <JsonView lawName={selectedLaw} notify={notify} onPickLaw={() => select("laws", true)} />}
        </section>
      ))}

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
