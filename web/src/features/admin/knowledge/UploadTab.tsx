import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { deleteAllKnowledge, replaceKnowledge, updateBoeUrls, uploadLawFile, validateUpload, type UploadMode, type UploadValidation } from "../../../api/admin-knowledge";
import { ApiError, serverMessage } from "../../../api/client";
import { Modal } from "../../../components/ui/Modal";
import { FilePicker } from "./FilePicker";
import { readLawFiles, type ParsedLaw } from "./law-files";
import { errorText, toastOutcome, type Notify, type Outcome } from "./outcome";

type Phase = "idle" | "reading" | "validating" | "validated" | "uploading";

/** Spec §8: a partial upload lists its first 3 failures. */
const FAILURES_SHOWN = 3;

interface UploadTabProps {
  notify: Notify;
  refresh(): Promise<void>;
  hasArticles: boolean;
}

/**
 * Upload Files (spec §2, §4): choose .json law files, add or replace, validate on the server, then
 * proceed (add: one call per law, progress per file; replace: one atomic call, 50 → 75 → 100 %).
 * Also Update BOE URLs and Clear All Data (typed confirmation).
 */
export function UploadTab({ notify, refresh, hasArticles }: UploadTabProps) {
  const { t, i18n } = useTranslation("adminKnowledge");
  const language = i18n.language;
  const id = useId();
  const [mode, setMode] = useState<UploadMode>("add");
  const [files, setFiles] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [phase, setPhase] = useState<Phase>("idle");
  const [laws, setLaws] = useState<ParsedLaw[]>([]);
  const [validation, setValidation] = useState<UploadValidation | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [progressNote, setProgressNote] = useState("");
  const [updatingUrls, setUpdatingUrls] = useState(false);
  const [clearOpen, setClearOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [clearing, setClearing] = useState(false);

  const busy = phase === "reading" || phase === "validating" || phase === "uploading" || updatingUrls || clearing;
  const word = t("upload.clearWord");

  const reset = (clearFiles: boolean) => {
    setPhase("idle");
    setValidation(null);
    setLaws([]);
    setProgress(null);
    setProgressNote("");
    if (clearFiles) {
      setFiles([]);
      setInputKey((key) => key + 1);
    }
  };

  const onValidate = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) {
      notify({ tone: "error", title: t("messages.invalidFilesTitle"), description: t("messages.noFiles") });
      return;
    }
    setValidation(null);
    setPhase("reading");
    setProgressNote(t("upload.reading"));
    setProgress(mode === "replace" ? 0 : null);
    const read = await readLawFiles(files, (done, total) => {
      if (mode === "replace") setProgress(Math.round((done / total) * 50));
    });
    if (read.invalid.length > 0) {
      reset(false);
      notify({ tone: "error", title: t("messages.invalidFilesTitle"), description: t("messages.invalidFiles"), details: read.invalid.slice(0, FAILURES_SHOWN) });
      return;
    }
    setPhase("validating");
    try {
      const result = await validateUpload(
        {
          uploadMode: mode,
          totalNewArticles: read.laws.reduce((sum, law) => sum + law.articleCount, 0),
          fileCount: read.laws.length,
          lawNames: read.laws.map((law) => law.lawName).filter(Boolean),
        },
        language,
      );
      setLaws(read.laws);
      setValidation(result);
      setPhase("validated");
      if (!result.canProceed) toastOutcome({ tone: "error", title: t("messages.validationFailedTitle"), description: result.message });
    } catch (error) {
      reset(false);
      notify({ tone: "error", title: t("messages.validationErrorTitle"), description: errorText(error, language, t("messages.validationError")) });
    }
  };

  const proceedAdd = async () => {
    const total = laws.length;
    let uploaded = 0;
    let duplicates = 0;
    const failures: string[] = [];
    setProgress(0);
    for (const [index, law] of laws.entries()) {
      setProgressNote(t("upload.fileProgress", { current: index + 1, total }));
      try {
        await uploadLawFile(law.data, { isPartOfBatch: total > 1, currentFileIndex: index, totalFiles: total, fileName: law.fileName }, language);
        uploaded++;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) duplicates++;
        else if (error instanceof ApiError) failures.push(`${law.fileName}: ${serverMessage(error, language) ?? t("messages.uploadFailedOne")}`);
        else failures.push(`${law.fileName}: ${t("messages.processingError")}`);
      }
      setProgress(Math.round(((index + 1) / total) * 100));
    }
    let outcome: Outcome;
    if (uploaded === total) outcome = { tone: "success", title: t("messages.completeTitle"), description: t("messages.complete", { value: uploaded }) };
    else if (duplicates === total) outcome = { tone: "info", title: t("messages.allExistTitle"), description: t("messages.allExist", { value: duplicates }) };
    else if (uploaded === 0 && duplicates === 0) outcome = { tone: "error", title: t("messages.uploadFailedTitle"), description: t("messages.uploadFailed"), details: failures.slice(0, FAILURES_SHOWN) };
    else
      outcome = {
        tone: "info",
        title: t("messages.partialTitle"),
        description: t("messages.partial", { uploaded, duplicates, failed: failures.length }),
        details: failures.slice(0, FAILURES_SHOWN),
      };
    return { outcome, succeeded: uploaded > 0 || duplicates > 0 };
  };

  const proceedReplace = async () => {
    setProgress(75);
    setProgressNote(t("upload.sending"));
    try {
      const result = await replaceKnowledge(laws.map((law) => ({ ...law.data, fileName: law.fileName })), language);
      setProgress(100);
      const outcome: Outcome = {
        tone: "success",
        title: t("messages.replaceCompleteTitle"),
        description: t("messages.replaceComplete", { articles: result.totalArticles, files: result.filesProcessed }),
      };
      return { outcome, succeeded: true };
    } catch (error) {
      const detail = serverMessage(error, language);
      const outcome: Outcome = { tone: "error", title: t("messages.replaceFailedTitle"), description: t("messages.replaceFailed"), details: detail ? [detail] : undefined };
      return { outcome, succeeded: false };
    }
  };

  const onProceed = async () => {
    if (!validation?.canProceed || laws.length === 0) return;
    setPhase("uploading");
    const { outcome, succeeded } = mode === "replace" ? await proceedReplace() : await proceedAdd();
    await refresh();
    // Spec §4: on success the selection and the validation are cleared.
    reset(succeeded);
    notify(outcome);
  };

  const onUpdateUrls = async () => {
    setUpdatingUrls(true);
    try {
      const result = await updateBoeUrls(language);
      await refresh();
      notify({ tone: "success", title: t("messages.urlsUpdatedTitle"), description: t("messages.urlsUpdated", { updated: result.updatedCount, total: result.totalLawsChecked }) });
    } catch (error) {
      notify({ tone: "error", title: t("messages.updateFailedTitle"), description: errorText(error, language, t("messages.urlsFailed")) });
    } finally {
      setUpdatingUrls(false);
    }
  };

  const confirmed = typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();
  const onClear = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setClearing(true);
    try {
      const result = await deleteAllKnowledge(language);
      await refresh();
      setClearOpen(false);
      setTyped("");
      reset(true);
      notify({ tone: "success", title: t("messages.clearedTitle"), description: t("messages.cleared", { articles: result.deletedArticles, laws: result.deletedLaws }) });
    } catch (error) {
      notify({ tone: "error", title: t("messages.deleteFailedTitle"), description: errorText(error, language, t("messages.deleteFailed")) });
    } finally {
      setClearing(false);
    }
  };

  const newArticles = laws.reduce((sum, law) => sum + law.articleCount, 0);

  return (
    <div className="km-upload">
      <h2 className="km-heading">{t("upload.title")}</h2>
      <p className="km-muted">{t("upload.intro")}</p>

      <form className="km-upload__form" onSubmit={onValidate}>
        <div className="km-field">
          <span id={`${id}-files`} className="km-field__label">
            {t("upload.filesLabel")}
          </span>
          <FilePicker
            key={inputKey}
            label={t("upload.filesLabel")}
            multiple
            disabled={busy}
            chosen={files.map((file) => file.name)}
            onChange={(chosen) => {
              setFiles(chosen);
              setValidation(null);
              setProgress(null);
              setPhase("idle");
            }}
          />
          {files.length > 0 && (
            <p className="km-muted km-upload__selected">
              {t("upload.selected", { value: files.length })}
              <button type="button" className="km-link-btn" onClick={() => reset(true)} disabled={busy}>
                {t("upload.clearSelection")}
              </button>
            </p>
          )}
        </div>

        <fieldset className="km-modes" disabled={busy}>
          <legend className="km-field__label">{t("upload.modeLabel")}</legend>
          {(["add", "replace"] as const).map((value) => (
            <label key={value} className={`km-mode${mode === value ? " km-mode--on" : ""}`}>
              <input
                type="radio"
                name={`${id}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => {
                  setMode(value);
                  setValidation(null);
                  setProgress(null);
                  setPhase("idle");
                }}
                aria-describedby={`${id}-mode-${value}`}
              />
              <span>
                <span className="km-mode__title">{value === "add" ? t("upload.modeAdd") : t("upload.modeReplace")}</span>
                <span id={`${id}-mode-${value}`} className="km-mode__hint">
                  {value === "add" ? t("upload.modeAddHint") : t("upload.modeReplaceHint")}
                </span>
              </span>
            </label>
          ))}
        </fieldset>

        {mode === "replace" && (
          <div className="km-warning" role="note">
            <p className="km-warning__title">{t("upload.replaceWarningTitle")}</p>
            <p>{t("upload.replaceWarning")}</p>
          </div>
        )}

        <div className="km-actions">
          <button type="submit" className="btn btn--primary" disabled={busy || files.length === 0 || phase === "validated"}>
            {phase === "reading" || phase === "validating" ? t("upload.validating") : phase === "uploading" ? t("upload.uploading") : t("upload.submit")}
          </button>
        </div>
      </form>

      {progress !== null && (
        <div className="km-progress">
          <div className="km-progress__row">
            <label htmlFor={`${id}-progress`}>{t("upload.progress")}</label>
            <span aria-hidden="true">{t("upload.progressValue", { value: progress })}</span>
          </div>
          <progress id={`${id}-progress`} max={100} value={progress} aria-valuetext={`${t("upload.progressValue", { value: progress })} ${progressNote}`} />
          {progressNote && <p className="km-muted">{progressNote}</p>}
        </div>
      )}

      {validation && (
        <section className={`km-validation${validation.canProceed ? "" : " km-validation--failed"}`} aria-labelledby={`${id}-validation`} role={validation.canProceed ? "status" : "alert"}>
          <h3 id={`${id}-validation`} className="km-validation__title">
            {validation.canProceed ? t("upload.validationReady") : t("messages.validationFailedTitle")}
          </h3>
          <p>{validation.message}</p>
          <ul className="km-validation__counts">
            <li>{t("upload.currentCount", { value: validation.currentArticleCount })}</li>
            <li>{t("upload.newCount", { value: validation.newArticleCount || newArticles })}</li>
          </ul>
          {validation.existingLawNames && validation.existingLawNames.length > 0 && (
            <p className="km-muted">{t("upload.existingLaws", { names: validation.existingLawNames.join("، ") })}</p>
          )}
          <div className="km-actions">
            {validation.canProceed && (
              <button type="button" className={`btn ${mode === "replace" ? "btn--danger" : "btn--primary"}`} onClick={onProceed} disabled={busy}>
                {phase === "uploading" ? t("upload.uploading") : mode === "replace" ? t("upload.proceedReplace") : t("upload.proceed")}
              </button>
            )}
            <button type="button" className="btn btn--subtle" onClick={() => reset(false)} disabled={phase === "uploading"}>
              {t("upload.cancel")}
            </button>
          </div>
        </section>
      )}

      <section className="km-maintenance" aria-labelledby={`${id}-maintenance`}>
        <h3 id={`${id}-maintenance`} className="km-subheading">
          {t("upload.maintenance")}
        </h3>
        <div className="km-actions">
          <button type="button" className="btn btn--subtle" onClick={onUpdateUrls} disabled={busy}>
            {updatingUrls ? t("upload.updatingUrls") : t("upload.updateUrls")}
          </button>
          <button type="button" className="btn btn--danger" onClick={() => setClearOpen(true)} disabled={busy || !hasArticles}>
            {t("upload.clearAll")}
          </button>
        </div>
      </section>

      <Modal
        open={clearOpen}
        onOpenChange={(open) => {
          if (clearing) return;
          setClearOpen(open);
          if (!open) setTyped("");
        }}
        title={t("upload.clearTitle")}
        description={t("upload.clearDescription")}
        size="sm"
      >
        <form className="km-clear" onSubmit={onClear}>
          <label htmlFor={`${id}-confirm`} className="km-field__label">
            {t("upload.clearPrompt", { word })}
          </label>
          <input
            id={`${id}-confirm`}
            className="km-input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            disabled={clearing}
          />
          <div className="km-actions">
            <button type="button" className="btn btn--subtle" onClick={() => setClearOpen(false)} disabled={clearing}>
              {t("upload.cancel")}
            </button>
            <button type="submit" className="btn btn--danger" disabled={!confirmed || clearing}>
              {clearing ? t("upload.clearing") : t("upload.clearConfirm")}
            </button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
