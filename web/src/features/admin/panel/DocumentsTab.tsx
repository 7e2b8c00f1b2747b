import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAddDocument, useDeleteDocument, type NewLegalDocument } from "../../../api/documents";
import { serverMessage } from "../../../api/client";
import { useDocumentSearch, type LegalDocument } from "../../../api/documents";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { formatDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { useForbiddenGuard } from "./guard";
import { withDocumentDefaults, REQUIRED_FIELDS, type DocumentForm } from "./document-form";
import { categoryKey, DOCUMENT_CATEGORIES } from "../../../lib/law-categories";
import { QueryState } from "./QueryState";

const ALL_DOCUMENTS = { query: "", category: "all" } as const;
const EMPTY_FORM: DocumentForm = { title: "", category: "", content: "", citation: "", excerpt: "", source: "", lastUpdated: "" };

/** Documents (spec §2/§5): the legal documents with delete (after confirmation) and the add form. */
export function DocumentsTab() {
  const { t, i18n } = useTranslation("adminPanel");
  const language = i18n.resolvedLanguage ?? "ar";
  const documents = useDocumentSearch(ALL_DOCUMENTS);
  const remove = useDeleteDocument();
  const [pending, setPending] = useState<LegalDocument | null>(null);
  useForbiddenGuard(remove.error);

  const list = [...(documents.data ?? [])].sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        setPending(null);
        toast({ title: t("documents.deleted"), variant: "success" });
      },
      onError: (error) => {
        setPending(null);
        toast({ title: t("users.error"), description: serverMessage(error, language) ?? t("documents.deleteFailed"), variant: "destructive" });
      },
    });
  };

  return (
    <div className="ap-documents">
      <AddDocumentForm />
      <section className="ap-section" aria-labelledby="ap-documents-title">
        <h3 id="ap-documents-title" className="ap-section__title">
          {t("documents.listTitle")}
        </h3>
        <QueryState
          isPending={documents.isPending}
          error={documents.error}
          onRetry={() => void documents.refetch()}
          isEmpty={list.length === 0}
          empty={t("documents.empty")}
        >
          <ul className="ap-list">
            {list.map((document) => (
              <li key={document.id} className="ap-row ap-document" data-document={document.title}>
                <span className="ap-row__main">
                  <span className="ap-row__title" dir="auto">
                    {document.title}
                  </span>
                  <span className="ap-row__meta">
                    <span className="badge">{t(categoryKey(document.category), { defaultValue: document.category })}</span>
                    {document.source && <span dir="auto">{t("documents.source", { value: document.source })}</span>}
                    {document.lastUpdated && <span dir="auto">{document.lastUpdated}</span>}
                    {document.createdAt && <span dir="ltr">{formatDateTime(document.createdAt, language)}</span>}
                  </span>
                  {document.excerpt && (
                    <span className="ap-document__excerpt" dir="auto">
                      {document.excerpt}
                    </span>
                  )}
                </span>
                <button type="button" className="btn btn--danger btn--sm" onClick={() => setPending(document)}>
                  {t("documents.delete")}
                  <span className="visually-hidden">{` — ${document.title}`}</span>
                </button>
              </li>
            ))}
          </ul>
        </QueryState>
      </section>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("documents.confirmTitle")}
        description={t("documents.confirmBody", { title: pending?.title ?? "" })}
        confirmLabel={t("documents.delete")}
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </div>
  );
}

/** The add form: title, category, content and citation required (Missing fields); the rest defaulted (spec §5). */
function AddDocumentForm() {
  const { t, i18n } = useTranslation("adminPanel");
  const language = i18n.resolvedLanguage ?? "ar";
  const add = useAddDocument();
  const [form, setForm] = useState<DocumentForm>(EMPTY_FORM);
  const [invalid, setInvalid] = useState<ReadonlySet<keyof DocumentForm>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);
  useForbiddenGuard(add.error);

  const updatedDefault = t("documents.updatedYear", { year: new Date().getFullYear() });
  const set = (field: keyof DocumentForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (invalid.has(field)) setInvalid((current) => new Set([...current].filter((name) => name !== field)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = REQUIRED_FIELDS.filter((field) => !form[field].trim());
    if (missing.length > 0) {
      setInvalid(new Set(missing));
      toast({ title: t("documents.missingFields"), description: t("documents.missingFieldsBody"), variant: "destructive" });
      formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      return;
    }
    const document: NewLegalDocument = withDocumentDefaults(form, updatedDefault);
    add.mutate(document, {
      onSuccess: () => {
        setForm(EMPTY_FORM);
        setInvalid(new Set());
        toast({ title: t("documents.added"), variant: "success" });
      },
      onError: (error) => toast({ title: t("users.error"), description: serverMessage(error, language) ?? t("documents.addFailed"), variant: "destructive" }),
    });
  };

  const field = (name: keyof DocumentForm, control: (props: ControlProps) => ReactNode, hint?: string) => (
    <Field name={name} label={t(`documents.fields.${name}`)} required={REQUIRED_FIELDS.includes(name as (typeof REQUIRED_FIELDS)[number])} invalid={invalid.has(name)} hint={hint} control={control} />
  );

  return (
    <section className="ap-section" aria-labelledby="ap-add-title">
      <h3 id="ap-add-title" className="ap-section__title">
        {t("documents.addTitle")}
      </h3>
      <p className="ap-muted">{t("documents.requiredNote")}</p>
      <form ref={formRef} className="ap-form" onSubmit={submit} noValidate>
        {field("title", (props) => <input {...props} type="text" className="ap-input" value={form.title} onChange={(e) => set("title")(e.target.value)} />)}
        {field("category", (props) => (
          <select {...props} className="ap-input" value={form.category} onChange={(e) => set("category")(e.target.value)}>
            <option value="">{t("documents.categoryPlaceholder")}</option>
            {DOCUMENT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(categoryKey(category))}
              </option>
            ))}
          </select>
        ))}
        {field("content", (props) => <textarea {...props} className="ap-input ap-input--area" rows={5} value={form.content} onChange={(e) => set("content")(e.target.value)} />)}
        {field("citation", (props) => <input {...props} type="text" className="ap-input" value={form.citation} onChange={(e) => set("citation")(e.target.value)} />)}
        {field("excerpt", (props) => <textarea {...props} className="ap-input" rows={2} value={form.excerpt} onChange={(e) => set("excerpt")(e.target.value)} />, t("documents.excerptHint"))}
        {field("source", (props) => <input {...props} type="text" className="ap-input" value={form.source} onChange={(e) => set("source")(e.target.value)} />, t("documents.sourceHint"))}
        {field(
          "lastUpdated",
          (props) => <input {...props} type="text" className="ap-input" value={form.lastUpdated} onChange={(e) => set("lastUpdated")(e.target.value)} />,
          t("documents.lastUpdatedHint", { value: updatedDefault }),
        )}
        <div className="ap-form__actions">
          <button type="submit" className="btn btn--primary" disabled={add.isPending}>
            {t("documents.add")}
          </button>
        </div>
      </form>
    </section>
  );
}

interface ControlProps {
  id: string;
  name: string;
  "aria-invalid"?: boolean;
  "aria-required"?: boolean;
  "aria-describedby"?: string;
}

interface FieldProps {
  name: string;
  label: string;
  required: boolean;
  invalid: boolean;
  hint?: string;
  control(props: ControlProps): ReactNode;
}

function Field({ name, label, required, invalid, hint, control }: FieldProps) {
  const id = useId();
  const wide = name === "content" || name === "excerpt";
  return (
    <div className={`ap-field${wide ? " ap-field--wide" : ""}`} data-invalid={invalid || undefined}>
      <label htmlFor={id} className="ap-field__label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {control({
        id,
        name,
        "aria-invalid": invalid || undefined,
        "aria-required": required || undefined,
        "aria-describedby": hint ? `${id}-hint` : undefined,
      })}
      {hint && (
        <span id={`${id}-hint`} className="ap-field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
