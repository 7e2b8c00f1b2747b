/**
 * A legal document's "last updated" value, shown after the translated label: the words the server
 * may put in front of it ("Updated 2026", "Last updated: …", "آخر تحديث …") are dropped, so an
 * Arabic card never reads "آخر تحديث: Updated 2026"; an ISO date is written in the UI language.
 */
export function lastUpdatedValue(value: string, language: string): string {
  const bare = value
    .trim()
    .replace(/^(?:last\s+)?updated\s*(?:on|in)?\s*[:：]?\s*/i, "")
    .replace(/^(?:آخر\s+)?(?:تحديث|تحدیث)\s*(?:في)?\s*[:：]?\s*/u, "")
    .trim();
  if (/^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?$/.test(bare)) {
    const date = new Date(bare);
    if (!Number.isNaN(date.getTime())) {
      return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "ar-SA-u-ca-gregory-nu-latn", { dateStyle: "long" }).format(date);
    }
  }
  return bare;
}
