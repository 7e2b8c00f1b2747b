import { parse as parseCookies } from "cookie";
import { signedCookies } from "cookie-parser";

/** Distinct cookie headers remembered; past this, the oldest is forgotten. */
const REMEMBERED = 10_000;
/**
 * Longer headers are checked every time, not remembered: the product's own cookies take ~150 characters, and
 * remembering any header a client sends would let one fill memory with 10,000 headers of 16 KB.
 */
const REMEMBERED_LENGTH = 1024;

/**
 * The signed cookies of a `Cookie` header whose signatures check out, remembered per header: the pages
 * poll the JSON reads with the same cookie, and checking a signature (an HMAC and two hashes) cost about
 * a tenth of the guest status read. The answer depends only on the header and the secret, so a
 * remembered one is exactly what checking again gives; callers must not change it (it is frozen).
 */
export class VerifiedCookies {
  private readonly known = new Map<string, Readonly<Record<string, unknown>>>();

  constructor(private readonly secret: string) {}

  of(header: string): Readonly<Record<string, unknown>> {
    let cookies = this.known.get(header);
    if (cookies) return cookies;
    cookies = Object.freeze(signedCookies(parseCookies(header), [this.secret]));
    if (header.length > REMEMBERED_LENGTH) return cookies;
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(header, cookies);
    return cookies;
  }
}
