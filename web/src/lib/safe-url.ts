/** Only http(s) and mailto links survive; anything else (javascript:, data:) renders as text. */
export function safeHttpUrl(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === "https:" || parsed.protocol === "http:" || parsed.protocol === "mailto:" ? parsed.href : null;
  } catch {
    return null;
  }
}
