import { z } from "zod";

/**
 * The categories of the spec (§2/§3: Search Laws, and a legal document's category), mapped onto the
 * laws of the knowledge base by words of the law's title (Arabic official title, or its English
 * title). This is the one place that decides which law belongs to which category; a law may belong
 * to none (it then shows under "all" only).
 */
export const LAW_CATEGORIES = ["Commercial Law", "Labor Law", "Civil Law", "Criminal Law", "Administrative Law", "Real Estate Law"] as const;
export type LawCategory = (typeof LAW_CATEGORIES)[number];

interface CategoryRule {
  /** Whole words or phrases of the Arabic title (compared after normalising alef, ya, ta marbuta). */
  ar: string[];
  /** Whole words or phrases of the English title (lower case). */
  en: string[];
  /** Searched when the category is picked with no text: words its laws' articles share. */
  query: string;
}

/** Checked in this order: a law gets the first category that matches. */
const RULES: Record<LawCategory, CategoryRule> = {
  "Labor Law": {
    ar: ["نظام العمل", "العمل", "العمال", "العامل", "التامينات الاجتماعية", "التعطل عن العمل"],
    en: ["labor", "labour", "employment", "workers", "social insurance"],
    query: "العمل العامل صاحب العمل",
  },
  "Criminal Law": {
    ar: ["الجزائي", "الجزائية", "جرائم", "الجرائم", "مكافحة", "العقوبات", "المخدرات", "التزوير", "الرشوة", "غسل الاموال"],
    en: ["criminal", "penal", "crimes", "crime", "anti", "combating", "narcotics", "forgery", "bribery", "money laundering"],
    query: "عقوبة السجن غرامة جريمة",
  },
  "Real Estate Law": {
    ar: ["العقار", "العقاري", "العقارية", "العقارات", "الاراضي", "التسجيل العيني", "الوحدات العقارية"],
    en: ["real estate", "real property", "property", "lands", "land"],
    query: "العقار العقارات الوحدات العقارية",
  },
  "Commercial Law": {
    ar: ["التجاري", "التجارية", "التجارة", "التجار", "الشركات", "الافلاس", "السجل التجاري", "الاوراق المالية", "الامتياز التجاري"],
    en: ["commercial", "commerce", "trade", "companies", "bankruptcy", "franchise", "capital market"],
    query: "التاجر الشركة التجارية",
  },
  "Civil Law": {
    ar: ["المعاملات المدنية", "المرافعات الشرعية", "الاحوال الشخصية", "الاثبات", "التنفيذ", "التحكيم", "التوثيق"],
    en: ["civil transactions", "civil procedure", "personal status", "evidence", "enforcement", "arbitration", "notarization"],
    query: "العقد الالتزام التعويض",
  },
  "Administrative Law": {
    ar: ["الخدمة المدنية", "ديوان المظالم", "المنافسات والمشتريات الحكومية", "الموظفين", "الادارة", "الادارية", "الوظيفة العامة", "مجلس الوزراء", "المناطق"],
    en: ["administrative", "civil service", "board of grievances", "government tenders", "public administration", "council of ministers", "provinces"],
    query: "الموظف الجهة الحكومية الوزارة",
  },
};

/** Arabic letters compared loosely: no diacritics or tatweel, one alef, ya and ta marbuta as ha. */
export function normaliseTitle(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

const NORMALISED = Object.fromEntries(
  Object.entries(RULES).map(([category, rule]) => [category, [...rule.ar, ...rule.en].map((phrase) => normaliseTitle(phrase))]),
) as Record<LawCategory, string[]>;

/** The category of a law from its titles, or null. */
export function categoryOfLaw(lawName: string, lawNameEn = ""): LawCategory | null {
  const key = `${lawName}\u0000${lawNameEn}`;
  const known = categories.get(key);
  if (known !== undefined) return known;
  // A knowledge base has a few hundred laws; the bound only keeps a runaway set of titles from growing it for ever.
  if (categories.size >= MAX_CACHED_TITLES) categories.clear();
  const category = categoryOfTitles(`${normaliseTitle(lawName)}${normaliseTitle(lawNameEn)}`);
  categories.set(key, category);
  return category;
}

/** Each law's category, by its titles: Search Laws asks it of every hit. */
const categories = new Map<string, LawCategory | null>();
const MAX_CACHED_TITLES = 10_000;

function categoryOfTitles(titles: string): LawCategory | null {
  for (const category of Object.keys(RULES) as LawCategory[]) {
    if (NORMALISED[category].some((phrase) => titles.includes(phrase))) return category;
  }
  return null;
}

/** The words searched when a category is picked without text. */
export const categoryQuery = (category: LawCategory): string => RULES[category].query;

/** A category given by the client ("all", "" and unknown letter case allowed), or null for all. */
export function parseCategory(value: string): LawCategory | null {
  return LAW_CATEGORIES.find((category) => category.toLowerCase() === value.trim().toLowerCase()) ?? null;
}

/** A category filter as clients send it (Search Laws, legal documents): empty, "all" or a category, in any letter case. */
export const categoryFilter = z
  .string()
  .max(100)
  .optional()
  .default("")
  .refine((value) => !value.trim() || value.trim().toLowerCase() === "all" || parseCategory(value) !== null, {
    message: `must be all or one of ${LAW_CATEGORIES.join(", ")}`,
  });
