import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { AppError } from "@qai/platform";
import type { RevocationList } from "./revoked-sessions";

/** A registered user, as a verified access token says. */
export interface VerifiedUser {
  userId: string;
  email: string;
  /** The address was proven by mail (the auth server's `email_verified` claim); ADMIN_EMAILS needs it. */
  emailVerified: boolean;
  sessionId: string;
  aal: string;
  /** How the user signs in (the token's `app_metadata.provider`, e.g. "email"). */
  provider: string;
}

const SESSION_EXPIRED = new AppError("unauthenticated", "access token expired", {
  userMessage: { ar: "انتهت صلاحية الجلسة. يرجى تسجيل الدخول مرة أخرى.", en: "Your session has expired. Please sign in again." },
});

const INVALID_TOKEN = new AppError("unauthenticated", "invalid access token", {
  userMessage: { ar: "رمز الدخول غير صالح. يرجى تسجيل الدخول مرة أخرى.", en: "Your sign-in is not valid. Please sign in again." },
});

const SESSION_REVOKED = new AppError("unauthenticated", "access token of an ended session", {
  userMessage: { ar: "انتهت هذه الجلسة (تم تسجيل الخروج). يرجى تسجيل الدخول مرة أخرى.", en: "This session has ended (signed out). Please sign in again." },
});

export interface AccessTokenVerifierOptions {
  /** Where the auth server publishes its public keys. */
  jwksUrl: string;
  /** The `iss` the auth server puts in its tokens, e.g. "http://localhost:8080/auth/v1". */
  issuer: string;
  /** Sessions ended on the auth server (auth.session.v1); their tokens are refused until they expire. */
  revocations?: RevocationList;
  /** Minimum time between two JWKS fetches for unknown kids (default 5 s). */
  jwksCooldownMs?: number;
  /** For tests: the time tokens are checked at. */
  now?: () => Date;
  /** Verified tokens remembered until they expire (default 10,000; the oldest go first). */
  cacheSize?: number;
}

interface VerifiedToken {
  user: VerifiedUser;
  /** The token's `exp`, in milliseconds. */
  expiresAt: number;
}

/**
 * Verifies Supabase-Auth access tokens against the auth server's JWKS (ES256/RS256 only; the key
 * set is cached and fetched again when a token names an unknown `kid`), checking expiry, audience,
 * issuer and role, and refuses tokens of sessions the auth server reported ended (logout, refresh
 * token reuse, password change, account deletion). A token's signature is checked once: it is then
 * remembered until its `exp`, while the revocation check runs on every use.
 */
export class AccessTokenVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly verified = new Map<string, VerifiedToken>();
  private readonly cacheSize: number;

  constructor(private readonly options: AccessTokenVerifierOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: 10 * 60_000, cooldownDuration: options.jwksCooldownMs ?? 5_000 });
    this.cacheSize = options.cacheSize ?? 10_000;
  }

  async verify(token: string): Promise<VerifiedUser> {
    const user = this.remembered(token) ?? (await this.verifySignature(token));
    if (await this.options.revocations?.isRevoked(user)) throw SESSION_REVOKED;
    return user;
  }

  private remembered(token: string): VerifiedUser | undefined {
    const entry = this.verified.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.user;
    this.verified.delete(token);
    return undefined;
  }

  private remember(token: string, user: VerifiedUser, exp: number): void {
    if (this.verified.size >= this.cacheSize) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { user, expiresAt: exp * 1000 });
  }

  private now(): number {
    return (this.options.now?.() ?? new Date()).getTime();
  }

  private async verifySignature(token: string): Promise<VerifiedUser> {
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.options.issuer,
        audience: "authenticated",
        algorithms: ["ES256", "RS256"],
        clockTolerance: 5,
        requiredClaims: ["sub", "exp"],
        ...(this.options.now ? { currentDate: this.options.now() } : {}),
      });
      if (payload.role !== "authenticated" || typeof payload.sub !== "string") throw INVALID_TOKEN;
      const user: VerifiedUser = {
        userId: payload.sub,
        email: typeof payload.email === "string" ? payload.email.toLowerCase() : "",
        emailVerified: payload.email_verified === true,
        sessionId: typeof payload.session_id === "string" ? payload.session_id : "",
        aal: typeof payload.aal === "string" ? payload.aal : "aal1",
        provider: providerOf(payload.app_metadata),
      };
      this.remember(token, user, payload.exp!);
      return user;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw SESSION_EXPIRED;
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JOSEError) throw INVALID_TOKEN;
      throw new AppError("unavailable", "could not verify the access token", { cause: error });
    }
  }
}

/** `app_metadata.provider`; a token without one is an e-mail sign-in. */
function providerOf(appMetadata: unknown): string {
  const provider = typeof appMetadata === "object" && appMetadata !== null ? (appMetadata as { provider?: unknown }).provider : undefined;
  return typeof provider === "string" && provider ? provider : "email";
}
