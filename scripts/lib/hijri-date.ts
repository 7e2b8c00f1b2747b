/** Hijri (Umm al-Qura) date helpers producing the knowledge base's "YYYY/MM/DD هـ" text. */
import { toAsciiDigits } from "./arabic-text";

const HIJRI_SUFFIX = "هـ";
const UMM_AL_QURA = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "UTC",
});

/** Formats Hijri year/month/day as "1426/08/23 هـ". */
export function formatHijri(year: number, month: number, day: number): string {
  const pad = (value: number): string => String(value).padStart(2, "0");
  return `${year}/${pad(month)}/${pad(day)} ${HIJRI_SUFFIX}`;
}

/** Converts a Gregorian ISO date ("2005-09-27") to Umm al-Qura text ("1426/08/23 هـ"). */
export function gregorianToUmmAlQura(isoDate: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(UMM_AL_QURA.formatToParts(date).map((part) => [part.type, part.value]));
  const year = Number.parseInt(parts.year ?? "", 10);
  const month = Number.parseInt(parts.month ?? "", 10);
  const day = Number.parseInt(parts.day ?? "", 10);
  if (![year, month, day].every(Number.isFinite)) return null;
  return formatHijri(year, month, day);
}

/**
 * Reads the first Hijri date written as "D / M / YYYY" or "YYYY/M/D" (any digits, any spacing)
 * in a text and formats it as "YYYY/MM/DD هـ".
 */
export function readHijriDate(text: string): string | null {
  const ascii = toAsciiDigits(text);
  const dayFirst = /(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(1[34]\d\d)/.exec(ascii);
  const yearFirst = /(1[34]\d\d)\s*\/\s*(\d{1,2})\s*\/\s*(\d{1,2})/.exec(ascii);
  const first = [dayFirst, yearFirst].filter((m): m is RegExpExecArray => m !== null).sort((a, b) => a.index - b.index)[0];
  if (!first) return null;
  const [year, month, day] =
    first === dayFirst ? [first[3], first[2], first[1]] : [first[1], first[2], first[3]];
  const values = [year, month, day].map(Number);
  const [y = 0, m = 0, d = 0] = values;
  if (m < 1 || m > 12 || d < 1 || d > 30) return null;
  return formatHijri(y, m, d);
}
