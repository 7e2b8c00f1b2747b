import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { KnowledgeStats } from "../../../api/admin";
import { exportAllKnowledge, exportLaw, updateLaw } from "../../../api/admin-knowledge";
import { serverMessage } from "../../../api/client";
import { FilePicker } from "./FilePicker";
import { fileNamePart, saveJson, today } from "./law-files";
import { errorText, type Notify } from "./outcome";

type Law = KnowledgeStats["lawsList"][number];

interface LawsTabProps {
  stats: KnowledgeStats | undefined;
  notify: Notify;
  refresh(): Promise<void>;
  onViewJson(lawName: string): void;
}

/** Laws Overview (spec §2): filter, per-law source, count, View/Download JSON and Replace; Export all. */
export function LawsTab({ stats, notify, refresh, onViewJson }: LawsTabProps) {
  const { t, i18n } = useTranslation("adminKnowledge");
  const id = useId();
  const [filter, setFilter] = useState("");
  const [exporting, setExporting] = useState(false);
  const laws = useMemo(() => stats?.lawsList ?? [], [stats]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    return needle ? laws.filter((law) => law.lawName.toLocaleLowerCase().includes(needle)) : laws;
  }, [laws, filter]);

  const onExportAll = async () => {
    setExporting(true);
    try {
      const result = await exportAllKnowledge(i18n.language);
      const fileName = result.fileName ?? `knowledge-base-${today()}.json`;
      saveJson(result.text, fileName);
      notify({ tone: "success", title: t("messages.exportCompleteTitle"), description: t("messages.downloaded", { file: fileName }) });
    } catch (error) {
      notify({ tone: "error", title: t("messages.exportFailedTitle"), description: errorText(error, i18n.language, t("messages.exportAllFailed")) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="km-laws">
      <div className="km-laws__top">
        <h2 className="km-heading">{t("laws.title")}</h2>
        <button type="button" className="btn btn--subtle" onClick={onExportAll} disabled={exporting || !stats || stats.totalArticles === 0}>
          {exporting ? t("laws.exporting") : t("laws.exportAll")}
        </button>
      </div>
      <div className="km-field">
        <label htmlFor={`${id}-filter`} className="km-field__label">
          {t("laws.filter")}
        </label>
        <input
          id={`${id}-filter`}
          className="km-input"
          type="search"
          value={filter}
          placeholder={t("laws.filterPlaceholder")}
          onChange={(event) => setFilter(event.target.value)}
          aria-describedby={`${id}-showing`}
        />
        <p id={`${id}-showing`} className="km-muted" aria-live="polite">
          {t("laws.showing", { shown: shown.length, total: laws.length })}
        </p>
      </div>
      {laws.length === 0 ? (
        <p className="km-empty">{t("laws.none")}</p>
      ) : shown.length === 0 ? (
        <p className="km-empty">{t("laws.noMatch")}</p>
      ) : (
        <div className="km-scroll" role="region" aria-label={t("laws.listLabel")} tabIndex={0}>
          <ul className="km-law-list">
            {shown.map((law) => (
              <LawRow key={law.lawName} law={law} notify={notify} refresh={refresh} onViewJson={onViewJson} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function LawRow({ law, notify, refresh, onViewJson }: { law: Law; notify: Notify; refresh(): Promise<void>; onViewJson(lawName: string): void }) {
  const { t, i18n } = useTranslation("adminKnowledge");
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [replacing, setReplacing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const name = law.lawName;

  const onDownload = async () => {
    setDownloading(true);
    try {
      const result = await exportLaw(name, i18n.language);
      const fileName = result.fileName ?? `${fileNamePart(name)}-${today()}.json`;
      saveJson(result.text, fileName);
      notify({ tone: "success", title: t("messages.downloadedTitle"), description: t("messages.downloaded", { file: fileName }) });
    } catch (error) {
      notify({ tone: "error", title: t("messages.downloadFailedTitle"), description: errorText(error, i18n.language, t("messages.exportLawFailed")) });
    } finally {
      setDownloading(false);
    }
  };

  const onReplace = async () => {
    if (!file) {
      notify({ tone: "error", title: t("messages.noFileTitle"), description: t("messages.noFile") });
      return;
    }
    setReplacing(true);
    try {
      let data: unknown;
      try {
        data = JSON.parse(await file.text());
      } catch {
        notify({ tone: "error", title: t("messages.replaceLawFailedTitle"), description: t("messages.invalidFiles"), details: [file.name] });
        return;
      }
      const result = await updateLaw(name, data, file.name, i18n.language);
      await refresh();
      setFile(null);
      setInputKey((key) => key + 1);
      notify({ tone: "success", title: t("messages.lawReplacedTitle"), description: t("messages.lawReplaced", { law: result.lawName, value: result.articleCount }) });
    } catch (error) {
      const detail = serverMessage(error, i18n.language);
      notify({ tone: "error", title: t("messages.replaceLawFailedTitle"), description: t("messages.replaceLawFailed"), details: detail ? [detail] : undefined });
    } finally {
      setReplacing(false);
    }
  };

  return (
    <li className="km-law">
      <div className="km-law__info">
        <span className="km-law__name">{name}</span>
        <span className="km-law__meta">
          <span>{t("laws.articles", { value: law.articleCount })}</span>
          {law.sourceUrl ? (
            <a href={law.sourceUrl} target="_blank" rel="noreferrer" aria-label={t("laws.sourceOf", { law: name })}>
              {t("laws.source")}
            </a>
          ) : (
            <span className="km-muted">{t("laws.noSource")}</span>
          )}
        </span>
      </div>
      <div className="km-law__actions">
        <button type="button" className="btn btn--subtle btn--sm" onClick={() => onViewJson(name)} aria-label={t("laws.viewJsonOf", { law: name })}>
          {t("laws.viewJson")}
        </button>
        <button type="button" className="btn btn--subtle btn--sm" onClick={onDownload} disabled={downloading} aria-label={t("laws.downloadJsonOf", { law: name })}>
          {t("laws.downloadJson")}
        </button>
      </div>
      <div className="km-law__replace">
        <FilePicker key={inputKey} label={t("laws.replaceFile", { law: name })} disabled={replacing} chosen={file ? [file.name] : []} onChange={(chosen) => setFile(chosen[0] ?? null)} small />
        <button type="button" className="btn btn--primary btn--sm" onClick={onReplace} disabled={!file || replacing} aria-label={t("laws.replaceOf", { law: name })}>
          {replacing ? t("laws.replacing") : t("laws.replace")}
        </button>
      </div>
    </li>
  );
}
