import { Router } from "express";
import { z } from "zod";
import { Language, type Article } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { articleReferenceJson } from "../http/citations";
import { validate } from "../http/validation";
import { categoryFilter, categoryOfLaw, categoryQuery, parseCategory } from "./law-categories";

/** Hits asked from the index; a category filter keeps only its laws' articles among them. */
const SEARCH_HITS = 100;
/** Articles answered at most. */
const MAX_RESULTS = 30;
/** Characters of an article's text shown on its card. */
const EXCERPT_CHARS = 280;

export const searchSchema = z.object({
  query: z.string().max(500).optional().default(""),
  category: categoryFilter,
  language: z.enum(["ar", "en"]).optional().default("ar"),
});

function excerptOf(text: string): string {
  // The opening is enough when, flattened, it still holds more than the excerpt (long articles are not flattened whole).
  const opening = text.slice(0, EXCERPT_CHARS * 2).replace(/\s+/g, " ").trim();
  const flat = opening.length > EXCERPT_CHARS || text.length <= EXCERPT_CHARS * 2 ? opening : text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.slice(0, EXCERPT_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

function articleJson(article: Article) {
  return {
    id: article.id,
    ...articleReferenceJson(article),
    excerpt: excerptOf(article.articleContent),
    category: categoryOfLaw(article.lawName, article.lawNameEn),
  };
}

/**
 * GET /api/knowledge/search?query=&category=&language= — Search Laws over the knowledge base's
 * articles: the best-ranked articles for the text (or, with a category and no text, for the
 * category's own words), kept to the category's laws (see law-categories.ts). Public, like the laws.
 */
export function knowledgeSearchRoutes({ knowledge }: GatewayDependencies): Router {
  const router = Router();
  router.get("/api/knowledge/search", async (request, response) => {
    const input = validate(searchSchema, request.query);
    const category = parseCategory(input.category);
    const query = input.query.trim() || (category ? categoryQuery(category) : "");
    if (!query) {
      response.json({ articles: [] });
      return;
    }
    // Without a category every hit is kept: only as many as are answered are asked for.
    const limit = category ? SEARCH_HITS : MAX_RESULTS;
    const { hits } = await knowledge.searchArticles({ query, limit, language: input.language === "en" ? Language.EN : Language.AR });
    const articles = hits
      .flatMap((hit) => (hit.article ? [hit.article] : []))
      .filter((article) => !category || categoryOfLaw(article.lawName, article.lawNameEn) === category)
      .slice(0, MAX_RESULTS)
      .map(articleJson);
    response.setHeader("Cache-Control", "public, max-age=60");
    response.json({ articles });
  });
  return router;
}
