/** Decree number (lawNumber) and Hijri date (lawDate) of a law, from the best available source. */
import { toAsciiDigits } from "./arabic-text";
import { gregorianToUmmAlQura, readHijriDate } from "./hijri-date";

export type IdentityOrigin = "saudi-laws-md" | "boe-description" | "issued-date" | "none";

export interface LawIdentity {
  lawNumber: string | null;
  lawDate: string | null;
  origin: IdentityOrigin;
}

export interface DecreeSource {
  lawNumber: string | null;
  lawDate: string | null;
}

/** "الموافقة على نظام ... بموجب المرسوم الملكي رقم (م/32) وتاريخ 1442/4/4هـ" in the BOE brief. */
const APPROVAL_DECREE =
  /الموافقة على\s+(?:نظام|تنظيم)[^.]*?بموجب\s+المرسوم\s+الملكي\s+رقم\s*\(\s*م\s*\/\s*(\d+)\s*\)\s*(?:و?تاريخ|بتاريخ)\s*([\d/\s]+)هـ/;

function hijriParts(text: string): [number, number, number] | undefined {
  const match = /^(\d{4})\/(\d{2})\/(\d{2})/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** True when two "YYYY/MM/DD هـ" texts are the same month and at most one day apart. */
export function sameHijriDay(a: string, b: string): boolean {
  const [pa, pb] = [hijriParts(a), hijriParts(b)];
  if (!pa || !pb) return false;
  return pa[0] === pb[0] && pa[1] === pb[1] && Math.abs(pa[2] - pb[2]) <= 1;
}

/**
 * The approving royal decree named in the BOE brief, accepted only when its Hijri date matches
 * the law's Gregorian issue date (so a decree of another law is never taken).
 */
export function decreeFromDescription(description: string, issuedDate: string | null): DecreeSource | null {
  const match = APPROVAL_DECREE.exec(toAsciiDigits(description));
  if (!match?.[1] || !match[2] || !issuedDate) return null;
  const lawDate = readHijriDate(match[2]);
  const issuedHijri = gregorianToUmmAlQura(issuedDate);
  if (!lawDate || !issuedHijri || !sameHijriDay(lawDate, issuedHijri)) return null;
  return { lawNumber: `م/${match[1]}`, lawDate };
}

export function resolveIdentity(
  markdownCopy: DecreeSource | undefined,
  description: string,
  issuedDate: string | null,
): LawIdentity {
  const fromIssuedDate = issuedDate ? gregorianToUmmAlQura(issuedDate) : null;
  if (markdownCopy?.lawNumber) {
    return {
      lawNumber: markdownCopy.lawNumber,
      lawDate: markdownCopy.lawDate ?? fromIssuedDate,
      origin: "saudi-laws-md",
    };
  }
  const decree = decreeFromDescription(description, issuedDate);
  if (decree) return { ...decree, origin: "boe-description" };
  if (fromIssuedDate) return { lawNumber: null, lawDate: fromIssuedDate, origin: "issued-date" };
  return { lawNumber: null, lawDate: null, origin: "none" };
}
