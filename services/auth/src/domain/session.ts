import { randomUUID } from "node:crypto";
import { AUDIENCE, AUTHENTICATED_ROLE, emailVerified, type Metadata, type UserJson, type UserRecord } from "./user";

export type Aal = "aal1" | "aal2";
/** Authentication methods as GoTrue names them in the `amr` claim. */
export type AuthMethod = "password" | "otp" | "email/signup" | "totp";

export interface AmrEntry {
  method: AuthMethod;
  timestamp: number;
}

export interface SessionRecord {
  id: string;
  userId: string;
  aal: Aal;
  /** Newest first. */
  amr: AmrEntry[];
  /** The MFA factor that raised the session to aal2. */
  factorId?: string;
  /** Refresh tokens are derived from (session id, counter); see refresh-token.ts. */
  refreshCounter: number;
  lastRefreshedAt?: string;
  createdAt: string;
  updatedAt: string;
  ip?: string;
  userAgent?: string;
}

export function newSession(userId: string, method: AuthMethod, nowMs: number, client: { ip?: string; userAgent?: string }): SessionRecord {
  const at = new Date(nowMs).toISOString();
  return {
    id: randomUUID(),
    userId,
    aal: "aal1",
    amr: [{ method, timestamp: Math.floor(nowMs / 1000) }],
    refreshCounter: 0,
    createdAt: at,
    updatedAt: at,
    ...client,
  };
}

/** Adds the TOTP method: the session becomes aal2, tied to the factor. */
export function raiseToAal2(session: SessionRecord, factorId: string, nowMs: number): void {
  session.amr = [{ method: "totp", timestamp: Math.floor(nowMs / 1000) }, ...session.amr.filter((entry) => entry.method !== "totp")];
  session.aal = "aal2";
  session.factorId = factorId;
  session.updatedAt = new Date(nowMs).toISOString();
}

/** The factor was removed: the session loses its TOTP method and falls back to aal1. */
export function lowerToAal1(session: SessionRecord, nowMs: number): void {
  session.amr = session.amr.filter((entry) => entry.method !== "totp");
  session.aal = "aal1";
  delete session.factorId;
  session.updatedAt = new Date(nowMs).toISOString();
}

export interface TokenSettings {
  issuer: string;
  jwtExpSeconds: number;
}

export type AccessTokenClaims = {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  /** Not a GoTrue claim (OIDC's name): the address was proven by mail, not autoconfirmed. ADMIN_EMAILS trusts only these. */
  email_verified: boolean;
  phone: string;
  app_metadata: Metadata;
  user_metadata: Metadata;
  role: string;
  aal: Aal;
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
};

/** The access-token claims of §5.1, in GoTrue's order, plus `email_verified`. */
export function accessTokenClaims(user: UserRecord, session: SessionRecord, nowMs: number, settings: TokenSettings): AccessTokenClaims {
  const iat = Math.floor(nowMs / 1000);
  return {
    iss: settings.issuer,
    sub: user.id,
    aud: AUDIENCE,
    exp: iat + settings.jwtExpSeconds,
    iat,
    email: user.email,
    email_verified: emailVerified(user),
    phone: "",
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: AUTHENTICATED_ROLE,
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    is_anonymous: false,
  };
}

/** The session response of §2.1. */
export interface SessionJson {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { message: string; reasons: string[] };
}
