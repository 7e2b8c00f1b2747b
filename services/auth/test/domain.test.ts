import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword, passwordProblem, verifyPassword } from "../src/domain/password";
import { decideRefresh, decodeRefreshToken, encodeRefreshToken } from "../src/domain/refresh-token";
import { resolveRedirect } from "../src/domain/redirect";
import { TokenSecret } from "../src/domain/secrets";
import { KeyedLimiter } from "../src/domain/token-bucket";
import { mergeMetadata } from "../src/domain/user";

describe("refresh tokens", () => {
  const secret = new TokenSecret(randomBytes(32));

  test("name their session and counter and are bound to the server's secret", () => {
    const sessionId = randomUUID();
    const token = encodeRefreshToken(secret, sessionId, 7);
    expect(decodeRefreshToken(secret, token)).toEqual({ sessionId, counter: 7 });
    expect(decodeRefreshToken(new TokenSecret(randomBytes(32)), token)).toBeUndefined();
    const tampered = Buffer.from(token, "base64url");
    tampered[20]! ^= 1;
    expect(decodeRefreshToken(secret, tampered.toString("base64url"))).toBeUndefined();
  });

  test("rotation decisions: current rotates, parent or recent reissue, older ones are reuse", () => {
    const now = 1_000_000;
    expect(decideRefresh(5, 5, undefined, now, 10_000)).toBe("rotate");
    expect(decideRefresh(5, 4, now - 60_000, now, 10_000)).toBe("reissue");
    expect(decideRefresh(5, 2, now - 5_000, now, 10_000)).toBe("reissue");
    expect(decideRefresh(5, 2, now - 11_000, now, 10_000)).toBe("reused");
    expect(decideRefresh(5, 3, undefined, now, 10_000)).toBe("reused");
    expect(decideRefresh(5, 6, now, now, 10_000)).toBe("foreign");
  });
});

describe("passwords", () => {
  test("are hashed with scrypt and its parameters, salted, and verified", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(await hashPassword("correct horse")).not.toBe(hash);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsf", hash)).toBe(false);
  });

  test("policy: at least the minimum in characters, at most 72 bytes", () => {
    expect(passwordProblem("12345", 6)?.code).toBe("weak_password");
    expect(passwordProblem("١٢٣٤٥٦", 6)).toBeUndefined();
    expect(passwordProblem("ع".repeat(37), 6)?.message).toBe("Password cannot be longer than 72 characters");
  });
});

describe("redirects", () => {
  const site = new URL("https://qai.example/");
  test("only the site's origin, loopback hosts and allow-listed globs", () => {
    expect(resolveRedirect("https://qai.example/app", site, [])).toBe("https://qai.example/app");
    expect(resolveRedirect("http://qai.example/app", site, [])).toBe("https://qai.example/");
    expect(resolveRedirect("https://qai.example.evil.com/", site, [])).toBe("https://qai.example/");
    expect(resolveRedirect("https://user@qai.example/", site, [])).toBe("https://qai.example/");
    expect(resolveRedirect("https://a.preview.example/x/y", site, ["https://*.preview.example/**"])).toBe("https://a.preview.example/x/y");
    expect(resolveRedirect("https://a.b.preview.example/", site, ["https://*.preview.example/**"])).toBe("https://qai.example/");
    expect(resolveRedirect("qai://callback", site, ["qai://callback"])).toBe("qai://callback");
  });
});

describe("rate-limit buckets", () => {
  test("allow a burst, then refill at the rate", () => {
    const limiter = new KeyedLimiter(1, 2);
    expect([limiter.take("ip", 0), limiter.take("ip", 0), limiter.take("ip", 0)]).toEqual([true, true, false]);
    expect(limiter.take("other", 0)).toBe(true);
    expect(limiter.take("ip", 1000)).toBe(true);
    expect(limiter.take("ip", 1000)).toBe(false);
  });
});

test("user metadata updates merge, and null deletes a key", () => {
  expect(mergeMetadata({ first_name: "Sara", last_name: "Ali", sub: "x" }, { last_name: "Al-Harbi", first_name: null })).toEqual({ last_name: "Al-Harbi", sub: "x" });
});
