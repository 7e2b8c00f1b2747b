import { Router } from "express";
import { z } from "zod";
import { AppError } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import { articleReferenceJson } from "../http/citations";
import { validate } from "../http/validation";

/** "<law guid>#<article number>[suffix]": the id a citation carries (the client sends it URL-encoded). */
export const articleSchema = z.object({ id: z.string().trim().min(1).max(200) });

const NO_SUCH_ARTICLE = new AppError("not_found", "no such article", {
  userMessage: { ar: "لم يُعثر على هذه المادة في قاعدة المعرفة.", en: "This article is not in the knowledge base." },
});

/**
 * GET /api/knowledge/articles/:id — one article of the public knowledge base, for the chat's
 * citation panel: law name (both languages), law number and date, article number, suffix and
 * title, full text, status (in_force | repealed) and the official page of the law. Public: the
 * laws are public texts, and guests see citations too.
 */
export function articleRoutes({ knowledge }: GatewayDependencies): Router {
  const router = Router();
  router.get("/api/knowledge/articles/:id", async (request, response) => {
    const { id } = validate(articleSchema, request.params);
    const { articles } = await knowledge.getArticles({ ids: [id] });
    const article = articles.find((a) => a.id === id);
    if (!article) throw NO_SUCH_ARTICLE;
    response.setHeader("Cache-Control", "public, max-age=300");
    response.json({
      id: article.id,
      ...articleReferenceJson(article),
      lawNumber: article.lawNumber || null,
      lawDate: article.lawDate || null,
      articleContent: article.articleContent,
    });
  });
  return router;
}
