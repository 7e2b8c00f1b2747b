/** Spec §3: the categories a legal document may have. */
export const DOCUMENT_CATEGORIES = ["Commercial Law", "Labor Law", "Civil Law", "Criminal Law", "Administrative Law"] as const;

/** The i18n key of a category's label (common namespace); unknown categories show as they are (`defaultValue`). */
export const categoryKey = (category: string) => `common:categories.${category.replace(/\s+/g, "")}`;
