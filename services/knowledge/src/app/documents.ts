import { randomUUID } from "node:crypto";
import { DocumentChangeKind } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import { AppError } from "@qai/platform";
import type { Collections, RecordStore } from "@qai/record-store";
import { normalizeArabic } from "@qai/search-index";
import { documentChanged } from "./knowledge-events";

/** Spec §3 / §2 "Search laws page": the categories a legal document may have. */
export const DOCUMENT_CATEGORIES = ["Commercial Law", "Labor Law", "Civil Law", "Criminal Law", "Administrative Law", "Real Estate Law"] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const DOCUMENT_LIMITS = { title: 500, content: 200_000, citation: 1000, excerpt: 2000, source: 1000, lastUpdated: 100, excerptDefault: 200 } as const;

/** A legal document (spec §3). */
export interface LegalDocument {
  id: string;
  title: string;
  category: DocumentCategory;
  content: string;
  citation: string;
  excerpt: string;
  source: string;
  lastUpdated: string;
  createdAt: string;
}

interface StoredDocument extends LegalDocument {
  /** Title, content, excerpt and citation, Arabic-normalised, for search. */
  searchText: string;
}

export interface NewDocument {
  title: string;
  category: string;
  content: string;
  citation: string;
  excerpt?: string;
  source?: string;
  lastUpdated?: string;
}

export const MISSING_FIELDS = new AppError("invalid_argument", "Missing fields", {
  userMessage: { en: "Missing fields - Please fill in all required fields", ar: "حقول ناقصة - يرجى ملء جميع الحقول المطلوبة" },
  details: { message: "Please fill in all required fields" },
});

const NOT_FOUND = new AppError("not_found", "no such document", {
  userMessage: { en: "This document does not exist (it may have been deleted).", ar: "هذا المستند غير موجود (ربما حُذف)." },
});

const MAX_LISTED = 500;

export interface LegalDocumentsOptions {
  /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
  onCommit?: () => void;
  now?: () => Date;
}

/**
 * Legal documents: added and deleted by admins, read and searched by anyone. Adding and deleting
 * publish knowledge.document.v1 through the outbox, in the transaction of the write.
 */
export class LegalDocuments {
  private readonly onCommit: () => void;
  private readonly now: () => Date;

  constructor(
    private readonly store: RecordStore,
    private readonly outbox: Outbox,
    options: LegalDocumentsOptions = {},
  ) {
    this.onCommit = options.onCommit ?? (() => undefined);
    this.now = options.now ?? (() => new Date());
  }

  /** Newest first; `query` words must all occur (normalised) in title, content, excerpt or citation. */
  async list(query = "", category = ""): Promise<LegalDocument[]> {
    const wanted = category.trim() && category.trim().toLowerCase() !== "all" ? categoryOf(category) : undefined;
    const words = normalizeArabic(query).split(/\s+/).filter(Boolean);
    const found: LegalDocument[] = [];
    let cursor: string | undefined;
    do {
      const page = await documents(this.store).find({ where: wanted ? { category: wanted } : {}, orderBy: { field: "createdAt", direction: "desc" }, limit: 1000, cursor });
      for (const document of page.items) {
        if (words.every((word) => document.searchText.includes(word))) found.push(publicDocument(document));
        if (found.length >= MAX_LISTED) return found;
      }
      cursor = page.nextCursor;
    } while (cursor);
    return found;
  }

  /** Adds a document; missing required fields → "Missing fields"; spec §5 defaults for the rest. `actorUserId`: the admin adding it. */
  async add(input: NewDocument, actorUserId: string): Promise<LegalDocument> {
    const title = input.title?.trim() ?? "";
    const content = input.content?.trim() ?? "";
    const citation = input.citation?.trim() ?? "";
    if (!title || !content || !citation || !input.category?.trim()) throw MISSING_FIELDS;
    const category = categoryOf(input.category);
    const excerpt = input.excerpt?.trim() || defaultExcerpt(content);
    const document: LegalDocument = {
      id: randomUUID(),
      title,
      category,
      content,
      citation,
      excerpt,
      source: input.source?.trim() || citation,
      lastUpdated: input.lastUpdated?.trim() || `Updated ${this.now().getFullYear()}`,
      createdAt: this.now().toISOString(),
    };
    for (const field of ["title", "content", "citation", "excerpt", "source", "lastUpdated"] as const) {
      if (document[field].length > DOCUMENT_LIMITS[field]) {
        throw new AppError("invalid_argument", `${field} is too long`, {
          userMessage: { en: `The ${field} must be at most ${DOCUMENT_LIMITS[field]} characters long.`, ar: `يجب ألا يزيد الحقل ${field} على ${DOCUMENT_LIMITS[field]} حرف.` },
        });
      }
    }
    await this.store.transaction(async (tx) => {
      await documents(tx).insert({ ...document, searchText: normalizeArabic([title, content, excerpt, citation].join(" ")) });
      await this.outbox.enqueue(tx, documentChanged(document, DocumentChangeKind.ADDED, actorUserId));
    });
    this.onCommit();
    return document;
  }

  /** `actorUserId`: the admin deleting it. */
  async delete(id: string, actorUserId: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const document = await documents(tx).get(id);
      if (!document) throw NOT_FOUND;
      await documents(tx).delete(id);
      await this.outbox.enqueue(tx, documentChanged(document, DocumentChangeKind.DELETED, actorUserId));
    });
    this.onCommit();
  }
}

/** Spec §5: the first 200 characters of the content plus an ellipsis. */
export function defaultExcerpt(content: string): string {
  return `${[...content].slice(0, DOCUMENT_LIMITS.excerptDefault).join("")}…`;
}

function categoryOf(value: string): DocumentCategory {
  const category = DOCUMENT_CATEGORIES.find((known) => known.toLowerCase() === value.trim().toLowerCase());
  if (category) return category;
  throw new AppError("invalid_argument", `unknown category ${value}`, {
    userMessage: {
      en: `The category must be one of: ${DOCUMENT_CATEGORIES.join(", ")}.`,
      ar: `يجب أن يكون التصنيف أحد: ${DOCUMENT_CATEGORIES.join("، ")}.`,
    },
  });
}

function publicDocument({ searchText: _searchText, ...document }: StoredDocument): LegalDocument {
  return document;
}

const documents = (c: Collections) => c.collection<StoredDocument>("documents", { indexes: ["category", "createdAt"] });
