import { createHmac } from "node:crypto";
import { VerifiedCookies } from "../src/http/verified-cookies";

const SECRET = "a-cookie-secret";
/** A cookie as Express signs it (cookie-signature: the value, ".", its HMAC-SHA256 in base64 without padding). */
const signed = (value: string, secret = SECRET) =>
  `qai_guest=${encodeURIComponent(`s:${value}.${createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "")}`)}`;

describe("VerifiedCookies", () => {
  it("gives the value of a cookie whose signature checks out, and false for a tampered or foreign one", () => {
    const cookies = new VerifiedCookies(SECRET);
    expect(cookies.of(signed("session-1"))).toEqual({ qai_guest: "session-1" });
    expect(cookies.of(signed("session-1").replace("session-1", "session-2"))).toEqual({ qai_guest: false });
    expect(cookies.of(signed("session-1", "another-secret"))).toEqual({ qai_guest: false });
    expect(cookies.of("")).toEqual({});
  });

  it("answers a header it has checked from memory, frozen, and keeps a bounded number of them", () => {
    const cookies = new VerifiedCookies(SECRET);
    const first = cookies.of(signed("session-1"));
    expect(cookies.of(signed("session-1"))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    for (let i = 0; i < 10_000; i++) cookies.of(signed(`session-${i + 2}`));
    // The oldest header was forgotten: checked again, equal but not the remembered object.
    const again = cookies.of(signed("session-1"));
    expect(again).not.toBe(first);
    expect(again).toEqual({ qai_guest: "session-1" });
  });

  it("checks a header longer than the product's cookies every time instead of remembering it", () => {
    const cookies = new VerifiedCookies(SECRET);
    const long = `${signed("session-1")}; other=${"x".repeat(2000)}`;
    const first = cookies.of(long);
    expect(first).toEqual({ qai_guest: "session-1" });
    expect(cookies.of(long)).not.toBe(first);
  });
});
