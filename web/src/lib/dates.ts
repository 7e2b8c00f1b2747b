import { differenceInCalendarDays, format } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { i18n } from "../i18n";

type DateInput = Date | string | number;
type Lang = "ar" | "en";

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));
const langOf = (language?: string): Lang => ((language ?? i18n.resolvedLanguage) === "en" ? "en" : "ar");

/** Spec §9: dd/MM/yyyy HH:mm in Arabic, MMM dd, yyyy HH:mm in English (Latin digits in both). */
export function formatDateTime(value: DateInput, language?: string): string {
  const date = toDate(value);
  return langOf(language) === "ar" ? format(date, "dd/MM/yyyy HH:mm") : format(date, "MMM dd, yyyy HH:mm", { locale: enUS });
}

/** The date alone, in the same style. */
export function formatDate(value: DateInput, language?: string): string {
  const date = toDate(value);
  return langOf(language) === "ar" ? format(date, "dd/MM/yyyy") : format(date, "MMM dd, yyyy", { locale: enUS });
}

/** Spec §9: Today, Yesterday, N days ago up to 7, else the locale date. */
export function formatRelativeDate(value: DateInput, language?: string, now: Date = new Date()): string {
  const lng = langOf(language);
  const date = toDate(value);
  const days = differenceInCalendarDays(now, date);
  const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(`dates.${key}`, { ns: "common", lng, ...options });
  if (days <= 0) return t("today");
  if (days === 1) return t("yesterday");
  if (days === 2) return t("twoDaysAgo");
  if (days <= 7) return t("daysAgo", { value: days });
  return formatDate(date, lng);
}
