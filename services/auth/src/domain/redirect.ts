import { isLoopbackAddress } from "./loopback";

/**
 * Where a confirmation link may send the browser (GoTrue's rule): the site URL's origin (any port
 * when the site is on localhost), loopback addresses, or a glob of the allow list. Anything else
 * falls back to the site URL, so the server is never an open redirector.
 */
export function resolveRedirect(requested: string | undefined, siteUrl: URL, allowList: readonly string[]): string {
  const fallback = siteUrl.href;
  if (!requested) return fallback;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return fallback;
  }
  if (allowList.some((pattern) => globToRegExp(pattern).test(requested))) return requested;
  if (url.protocol !== "http:" && url.protocol !== "https:") return fallback;
  if (url.username || url.password) return fallback;
  if (url.protocol === siteUrl.protocol && url.host === siteUrl.host) return requested;
  if (url.hostname === "localhost" || isLoopbackAddress(url.hostname)) return requested;
  return fallback;
}

/** `**` matches anything, `*` and `?` do not cross `.` or `/` (gobwas/glob with those separators). */
function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "*" && pattern[i + 1] === "*") {
      source += ".*";
      i++;
    } else if (char === "*") source += "[^./]*";
    else if (char === "?") source += "[^./]";
    else source += char.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
