/**
 * The address the page was opened with, captured before the auth client reads (and clears) the
 * e-mail confirmation tokens from it. Import this module first (main.tsx does).
 */
const href = typeof window === "undefined" ? "" : window.location.href;

function params(): URLSearchParams {
  const url = new URL(href || "http://localhost/");
  const merged = new URLSearchParams(url.hash.startsWith("#") ? url.hash.slice(1) : "");
  url.searchParams.forEach((value, key) => merged.set(key, value));
  return merged;
}

const initial = params();

/** True when the page was opened with an access token in its query or hash (e-mail confirmation). */
export const OPENED_WITH_ACCESS_TOKEN = initial.has("access_token");

/** The auth error carried by the address (e.g. `otp_expired`), if any. */
export const OPENED_WITH_AUTH_ERROR: { code: string; description: string } | null =
  initial.has("error") || initial.has("error_code")
    ? { code: initial.get("error_code") ?? initial.get("error") ?? "", description: initial.get("error_description") ?? "" }
    : null;
