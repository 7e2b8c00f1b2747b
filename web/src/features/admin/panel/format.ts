/** Counts in Latin digits in both languages, like the dates (spec §9). */
export function formatCount(value: number | undefined | null, language: string): string {
  if (value === undefined || value === null || Number.isNaN(value)) return "—";
  return new Intl.NumberFormat(language === "en" ? "en-US" : "ar-SA-u-nu-latn").format(value);
}

/** A user's display name: first and last name, else the e-mail. */
export function displayName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Spec §9: the excerpt default is the first 200 characters of the content. */
export const EXCERPT_LENGTH = 200;

/** Cuts a text to `max` characters plus an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
