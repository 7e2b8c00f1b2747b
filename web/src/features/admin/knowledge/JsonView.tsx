import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLawJson } from "../../../api/admin-knowledge";
import { serverMessage } from "../../../api/client";
import { Spinner } from "../../../components/ui/Spinner";
import { countArticles, fileNamePart, prettyJson, saveJson, today } from "./law-files";
import { toastOutcome, type Notify } from "./outcome";

interface JsonViewProps {
  lawName: string | null;
  notify: Notify;
  /** Takes the admin to the law list when no law is selected. */
  onPickLaw(): void;
}

/** View JSON (spec §2): the selected law's JSON, pretty-printed in a left-to-right block, copyable. */
export function JsonView({ lawName, notify, onPickLaw }: JsonViewProps) {
  const { t, i18n } = useTranslation("adminKnowledge");
  const law = useLawJson(lawName, i18n.language);
  const text = useMemo(() => (law.data ? prettyJson(law.data.text) : ""), [law.data]);
  const articles = useMemo(() => {
    try {
      const parsed: unknown = law.data ? JSON.parse(law.data.text) : null;
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? countArticles(parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }, [law.data]);

  // Spec §8: Preview Generated / Preview Failed, once per law shown.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!lawName || reported.current === lawName) return;
    if (law.isSuccess) {
      reported.current = lawName;
      toastOutcome({ tone: "success", title: t("messages.previewTitle"), description: t("messages.preview", { law: lawName }) });
    } else if (law.isError) {
      reported.current = lawName;
      notify({ tone: "error", title: t("messages.previewFailedTitle"), description: serverMessage(law.error, i18n.language) ?? t("messages.previewFailed") });
    }
  }, [lawName, law.isSuccess, law.isError, law.error, notify, t, i18n.language]);

  if (!lawName) {
    return (
      <div className="km-json km-json--empty">
        <p>{t("json.selectFirst")}</p>
        <button type="button" className="btn btn--subtle" onClick={onPickLaw}>
          {t("json.goToLaws")}
        </button>
      </div>
    );
  }

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toastOutcome({ tone: "success", title: t("json.copied"), description: t("json.copiedBody") });
    } catch {
      toastOutcome({ tone: "error", title: t("json.copyFailed"), description: t("json.copyFailedBody") });
    }
  };

  const onDownload = () => {
    const fileName = law.data?.fileName ?? `${fileNamePart(lawName)}-${today()}.json`;
    saveJson(text, fileName);
    notify({ tone: "success", title: t("messages.downloadedTitle"), description: t("messages.downloaded", { file: fileName }) });
  };

  return (
    <div className="km-json">
      <div className="km-json__top">
        <div>
          <h2 className="km-heading">{lawName}</h2>
          {articles !== null && <p className="km-muted">{t("json.articles", { value: articles })}</p>}
        </div>
        <div className="km-actions">
          <button type="button" className="btn btn--subtle btn--sm" onClick={onCopy} disabled={!law.isSuccess}>
            {t("json.copy")}
          </button>
          <button type="button" className="btn btn--subtle btn--sm" onClick={onDownload} disabled={!law.isSuccess}>
            {t("json.download")}
          </button>
        </div>
      </div>
      {law.isPending ? (
        <div className="km-json__loading">
          <Spinner label={t("json.loading")} />
        </div>
      ) : law.isError ? (
        <p className="km-error" role="alert">
          {t("messages.previewFailedTitle")}: {serverMessage(law.error, i18n.language) ?? t("messages.previewFailed")}
        </p>
      ) : (
        <pre className="km-json__code" dir="ltr" tabIndex={0} role="region" aria-label={t("json.codeLabel", { law: lawName })}>
          <code>{text}</code>
        </pre>
      )}
    </div>
  );
}
