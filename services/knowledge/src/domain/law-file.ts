import { z } from "zod";

/**
 * A knowledge law file (spec §3): the title under `lawName` or `title`; articles at the top level
 * or inside `chapters[].articles`. Extra fields the sample data carries (status, sourceUrl,
 * issuedDate) are kept.
 */
const articleSchema = z.object({
  articleNumber: z.union([z.number().int().nonnegative(), z.string().regex(/^\s*\d+\s*$/, "must be a whole number")]).transform(Number),
  articleSuffix: z.string().trim().max(40).optional().default(""),
  articleTitle: z.string().trim().max(500).optional().default(""),
  articleContent: z.string().trim().min(1, "must not be empty").max(200_000),
});

const chapterSchema = z.object({ articles: z.array(articleSchema) });

const optionalText = z.string().trim().max(500).nullish();

export const lawFileSchema = z
  .object({
    lawName: optionalText,
    title: optionalText,
    lawNameEn: optionalText,
    lawNumber: optionalText,
    lawDate: optionalText,
    guid: z.string().trim().regex(/^[\w-]{1,100}$/, "must be letters, digits and dashes").nullish(),
    status: z.enum(["in_force", "repealed"]).nullish(),
    sourceUrl: z.url().max(1000).nullish(),
    issuedDate: optionalText,
    articles: z.array(articleSchema).optional(),
    chapters: z.array(chapterSchema).optional(),
  })
  .refine((file) => Boolean(file.lawName || file.title), { message: "a law name (lawName or title) is required", path: ["lawName"] })
  .transform((file) => ({
    lawName: (file.lawName || file.title) as string,
    lawNameEn: file.lawNameEn ?? undefined,
    lawNumber: file.lawNumber ?? undefined,
    lawDate: file.lawDate ?? undefined,
    guid: file.guid ?? undefined,
    status: file.status ?? "in_force",
    sourceUrl: file.sourceUrl ?? undefined,
    issuedDate: file.issuedDate ?? undefined,
    articles: [...(file.articles ?? []), ...(file.chapters ?? []).flatMap((chapter) => chapter.articles)],
  }))
  .refine((file) => file.articles.length > 0, { message: "the file has no articles", path: ["articles"] });

export type LawFile = z.output<typeof lawFileSchema>;
export type LawFileArticle = LawFile["articles"][number];
