import { DOCUMENT_CATEGORIES } from "../../../lib/law-categories";

/** Spec §2: the categories offered by the selector. */
export const SEARCH_CATEGORIES = ["all", ...DOCUMENT_CATEGORIES] as const;

/** Spec §2: the badge colour map (it also knows Real Estate Law). */
export const CATEGORY_COLORS: Record<string, string> = {
  "Commercial Law": "blue",
  "Labor Law": "green",
  "Civil Law": "purple",
  "Criminal Law": "red",
  "Administrative Law": "orange",
  "Real Estate Law": "teal",
};

export const categoryColor = (category: string) => CATEGORY_COLORS[category] ?? "gray";
