import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { Language, UploadMode } from "@qai/contracts";
import { AppError, type UserMessage } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import { requestLanguage } from "../http/language";
import { UPLOAD_LIMITS } from "../http/law-files";
import { lawFileBody, uploadBody } from "../http/upload-body";
import { validate } from "../http/validation";
import { adminOf } from "./admin";
import { LawFileChecker } from "./law-file-checker";

export { replaceSchema, updateLawSchema, uploadMetaSchema } from "./law-file-uploads";

/** Paths whose bodies these routes read themselves (after the admin check), with their own limits. */
export const KNOWLEDGE_UPLOAD_PATHS = [
  "/api/admin/knowledge/validate-upload",
  "/api/admin/knowledge/upload",
  "/api/admin/knowledge/replace",
  "/api/admin/knowledge/update-law",
] as const;

/** Spec §5: knowledge search runs for queries of at least 3 characters. */
const MIN_QUERY = 3;
const SEARCH_LIMIT = 50;
const LONG_CALL_MS = 120_000;

const QUERY_TOO_SHORT = new AppError("invalid_argument", "search query shorter than 3 characters", {
  userMessage: { en: "The search query must be at least 3 characters long.", ar: "يجب أن يتكون نص البحث من 3 أحرف على الأقل." },
});

export const searchSchema = z.object({
  query: z.string().max(500).optional(),
  q: z.string().max(500).optional(),
  term: z.string().max(500).optional(),
});

export const validateUploadSchema = z.object({
  uploadMode: z.enum(["add", "replace"]),
  totalNewArticles: z.number().int().nonnegative().max(10_000_000),
  fileCount: z.number().int().nonnegative().max(1_000_000),
  lawNames: z.array(z.string().max(1000)).max(100_000).optional().default([]),
});

export const lawNameSchema = z.object({ lawName: z.string().trim().min(1).max(1000) });

function say(request: Request, message: UserMessage): string {
  return message[requestLanguage(request)];
}

/**
 * Today's date where the product's users are (Saudi Arabia), as YYYY-MM-DD, for exported file
 * names (spec §9: dated, year-month-day).
 */
export function exportDate(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A law name as part of a file name: no path separators or characters file systems refuse. */
function fileNamePart(name: string): string {
  return name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, "-").replace(/\s+/g, " ").trim().slice(0, 150) || "law";
}

function attachment(response: Response, fileName: string): void {
  response.attachment(fileName);
  response.type("application/json; charset=utf-8");
}

/**
 * The knowledge-base manager (spec §7 "Admin calls"). Mounted after `adminRoutes`, whose guard
 * already requires an admin for everything under /api/admin, before any body is read. Every change
 * names the admin making it (`actorUserId`), for the audit log.
 */
export function knowledgeAdminRoutes({ knowledge }: GatewayDependencies): Router {
  const router = Router();
  const lawFiles = new LawFileChecker();

  router.get("/api/admin/knowledge/stats", async (_request, response) => {
    const stats = await knowledge.getStats({});
    response.json({
      totalArticles: stats.totalArticles,
      totalLaws: stats.totalLaws,
      lawsList: stats.laws.map((law) => ({ lawId: law.lawId, lawName: law.lawName, sourceUrl: law.sourceUrl, articleCount: law.articleCount })),
    });
  });

  router.get("/api/admin/knowledge/search", async (request, response) => {
    const params = validate(searchSchema, request.query);
    const query = (params.query ?? params.q ?? params.term ?? "").trim();
    if ([...query].length < MIN_QUERY) throw QUERY_TOO_SHORT;
    const { hits } = await knowledge.searchArticles({ query, limit: SEARCH_LIMIT, language: /[\u0600-\u06FF]/.test(query) ? Language.AR : Language.EN });
    response.json(
      hits.flatMap(({ article }) =>
        article
          ? [{
              id: article.id,
              lawName: article.lawName,
              articleNumber: article.articleNumber,
              lawNumber: article.lawNumber || null,
              lawDate: article.lawDate || null,
              articleTitle: article.articleTitle,
              articleContent: article.articleContent,
            }]
          : [],
      ),
    );
  });

  router.post("/api/admin/knowledge/validate-upload", uploadBody(1024 * 1024), async (request, response) => {
    const body = validate(validateUploadSchema, request.body);
    const result = await knowledge.validateUpload({
      uploadMode: body.uploadMode === "replace" ? UploadMode.REPLACE : UploadMode.ADD,
      totalNewArticles: body.totalNewArticles,
      fileCount: body.fileCount,
      lawNames: body.lawNames,
    });
    response.json({
      canProceed: result.canProceed,
      message: say(request, { ar: result.message?.ar ?? "", en: result.message?.en ?? "" }),
      currentArticleCount: result.currentArticleCount,
      newArticleCount: result.newArticleCount,
      existingLawNames: result.existingLawNames,
    });
  });

  router.post("/api/admin/knowledge/upload", lawFileBody(UPLOAD_LIMITS.fileBodyBytes), async (request, response) => {
    const file = await lawFiles.check("upload", request.body);
    const actor = adminOf(response);
    const result = await knowledge.uploadLaw({ file, actorUserId: actor.userId }, { timeoutMs: LONG_CALL_MS });
    response.status(201).json({
      message: say(request, {
        en: `Upload Complete: "${result.lawName}" was added with ${result.newCount} articles.`,
        ar: `اكتمل الرفع: أُضيف "${result.lawName}" بعدد ${result.newCount} مادة.`,
      }),
      lawName: result.lawName,
      newCount: result.newCount,
      duplicateCount: result.duplicateCount,
    });
  });

  router.post("/api/admin/knowledge/replace", lawFileBody(UPLOAD_LIMITS.replaceBodyBytes), async (request, response) => {
    const { files } = await lawFiles.check("replace", request.body);
    const actor = adminOf(response);
    const result = await knowledge.replaceAll({ files, actorUserId: actor.userId }, { timeoutMs: LONG_CALL_MS });
    response.json({
      message: say(request, {
        en: `Atomic Replace Complete: the knowledge base now holds ${result.totalArticles} articles from ${result.filesProcessed} files.`,
        ar: `اكتمل الاستبدال الذري: أصبحت قاعدة المعرفة تضم ${result.totalArticles} مادة من ${result.filesProcessed} ملف.`,
      }),
      filesProcessed: result.filesProcessed,
      totalArticles: result.totalArticles,
    });
  });

  router.post("/api/admin/knowledge/update-law", lawFileBody(UPLOAD_LIMITS.fileBodyBytes), async (request, response) => {
    const { lawNameToUpdate, ...file } = await lawFiles.check("update-law", request.body);
    const actor = adminOf(response);
    const result = await knowledge.updateLaw({ lawNameToUpdate, file, actorUserId: actor.userId }, { timeoutMs: LONG_CALL_MS });
    response.json({
      message: say(request, {
        en: `Law Updated Successfully: "${result.lawName}" now has ${result.articleCount} articles.`,
        ar: `تم تحديث النظام بنجاح: أصبح "${result.lawName}" يضم ${result.articleCount} مادة.`,
      }),
      lawName: result.lawName,
      articleCount: result.articleCount,
    });
  });

  router.delete("/api/admin/knowledge/delete-all", async (request, response) => {
    const actor = adminOf(response);
    const result = await knowledge.deleteAll({ actorUserId: actor.userId }, { timeoutMs: LONG_CALL_MS });
    response.json({
      message: say(request, {
        en: `Knowledge Base Cleared: ${result.deletedArticles} articles of ${result.deletedLaws} laws were deleted.`,
        ar: `تم مسح قاعدة المعرفة: حُذفت ${result.deletedArticles} مادة من ${result.deletedLaws} نظام.`,
      }),
      deletedLaws: result.deletedLaws,
      deletedArticles: result.deletedArticles,
    });
  });

  router.post("/api/admin/knowledge/update-urls", async (request, response) => {
    const actor = adminOf(response);
    const result = await knowledge.updateUrls({ actorUserId: actor.userId }, { timeoutMs: LONG_CALL_MS });
    response.json({
      message: say(request, {
        en: `URLs Updated: Updated ${result.updatedCount} of ${result.totalLawsChecked} laws with BOE URLs.`,
        ar: `تم تحديث الروابط: حُدّث ${result.updatedCount} من ${result.totalLawsChecked} نظام بروابط هيئة الخبراء.`,
      }),
      updatedCount: result.updatedCount,
      totalLawsChecked: result.totalLawsChecked,
    });
  });

  // Every law in the law-file format, as one JSON array, streamed law by law.
  router.get("/api/admin/knowledge/export/all", async (_request, response) => {
    const controller = new AbortController();
    const clientGone = () => controller.abort(new AppError("cancelled", "client disconnected"));
    response.on("close", clientGone);
    let first = true;
    try {
      for await (const law of knowledge.exportLaws({}, { signal: controller.signal })) {
        if (first) {
          attachment(response, `knowledge-base-${exportDate()}.json`);
          response.write("[\n");
        }
        response.write(first ? law.json : `,\n${law.json}`);
        first = false;
      }
      if (first) {
        attachment(response, `knowledge-base-${exportDate()}.json`);
        response.end("[]\n");
      } else response.end("\n]\n");
    } catch (error) {
      // Once the download started, a failure can only cut it short (the client sees a broken file).
      if (!response.headersSent) throw error;
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      response.off("close", clientGone);
    }
  });

  router.get("/api/admin/knowledge/export/law/:lawName", async (request, response) => {
    const { lawName } = validate(lawNameSchema, request.params);
    const law = await knowledge.exportLaw({ lawName });
    attachment(response, `${fileNamePart(law.lawName)}-${exportDate()}.json`);
    response.send(law.json);
  });

  return router;
}
