import express, { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { LegalDocument } from "@qai/contracts";
import { AppError } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import { validate } from "../http/validation";
import { adminOf, requireAdmin } from "./admin";
import { categoryFilter, LAW_CATEGORIES, parseCategory } from "./law-categories";

/** A document's content may be long (Arabic text is 2 bytes a character in UTF-8). */
const DOCUMENT_BODY_BYTES = 1024 * 1024;

const MISSING_FIELDS = new AppError("invalid_argument", "Missing fields", {
  userMessage: { en: "Missing fields - Please fill in all required fields", ar: "حقول ناقصة - يرجى ملء جميع الحقول المطلوبة" },
});

export const listSchema = z.object({
  query: z.string().max(500).optional().default(""),
  category: categoryFilter,
});

const text = (max: number) => z.string().max(max).nullish();

export const addSchema = z.object({
  title: text(500),
  category: z.string().max(100).nullish(),
  content: text(200_000),
  citation: text(1000),
  excerpt: text(2000),
  source: text(1000),
  lastUpdated: text(100),
});

/** Spec §2/§3: a legal document has one of the Search Laws categories. */
const categorySchema = z.object({ category: z.enum(LAW_CATEGORIES) });
export const idSchema = z.object({ id: z.string().trim().min(1).max(100) });

const REQUIRED = ["title", "category", "content", "citation"] as const;

/** The spec's Legal document entity. */
function documentJson(document: LegalDocument) {
  return {
    id: document.id,
    title: document.title,
    category: document.category,
    content: document.content,
    citation: document.citation,
    excerpt: document.excerpt,
    source: document.source,
    lastUpdated: document.lastUpdated,
    createdAt: document.createdAt ? timestampDate(document.createdAt).toISOString() : null,
  };
}

/**
 * Legal documents (spec §7): anyone reads and searches them; adding and deleting need an admin,
 * who is named to knowledge (`actorUserId`) for the audit log.
 */
export function documentRoutes(deps: GatewayDependencies): Router {
  const { knowledge } = deps;
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get("/api/documents", async (request, response) => {
    const query = validate(listSchema, request.query);
    const { documents } = await knowledge.listDocuments({ query: query.query.trim(), category: query.category });
    response.json(documents.map(documentJson));
  });

  router.post("/api/documents", adminOnly, express.json({ limit: DOCUMENT_BODY_BYTES }), async (request, response) => {
    const body = validate(addSchema, request.body);
    const missing = REQUIRED.filter((field) => !body[field]?.trim());
    if (missing.length > 0) throw new AppError(MISSING_FIELDS.code, MISSING_FIELDS.message, { userMessage: MISSING_FIELDS.userMessage, details: { missing } });
    const { category } = validate(categorySchema, { category: parseCategory(body.category!) ?? body.category });
    const actor = adminOf(response);
    const { document } = await knowledge.addDocument({
      title: body.title!.trim(),
      category,
      content: body.content!.trim(),
      citation: body.citation!.trim(),
      excerpt: body.excerpt?.trim() ?? "",
      source: body.source?.trim() ?? "",
      lastUpdated: body.lastUpdated?.trim() ?? "",
      actorUserId: actor.userId,
    });
    response.status(201).json(document ? documentJson(document) : null);
  });

  router.delete("/api/documents/:id", adminOnly, async (request, response) => {
    const { id } = validate(idSchema, request.params);
    const actor = adminOf(response);
    await knowledge.deleteDocument({ id, actorUserId: actor.userId });
    response.json({ deleted: true, id });
  });

  return router;
}
