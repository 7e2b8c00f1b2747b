import { randomUUID } from "node:crypto";
import { factorJson, type FactorJson, type FactorRecord } from "./factor";

export const AUDIENCE = "authenticated";
export const AUTHENTICATED_ROLE = "authenticated";

export type Metadata = Record<string, unknown>;

export interface UserRecord {
  id: string;
  /** Lower-case. */
  email: string;
  passwordHash: string;
  emailConfirmedAt?: string;
  /**
   * When the owner proved the address (confirmation link or code). Unset for autoconfirmed
   * sign-ups: `emailConfirmedAt` is then only policy, so ADMIN_EMAILS must not trust it.
   */
  emailVerifiedAt?: string;
  confirmationSentAt?: string;
  lastSignInAt?: string;
  /** Addresses the user signed in from lately (newest last): exempt from the account-wide sign-in throttle. */
  knownIps?: string[];
  appMetadata: Metadata;
  userMetadata: Metadata;
  createdAt: string;
  updatedAt: string;
}

/** The user's e-mail identity (GoTrue keeps one per provider). */
export interface IdentityRecord {
  id: string;
  userId: string;
  provider: "email";
  identityData: Metadata;
  email: string;
  lastSignInAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** The user object of the GoTrue API (§2.2): null fields omitted, `factors` only when there are any. */
export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  app_metadata: Metadata;
  user_metadata: Metadata;
  identities: IdentityJson[];
  factors?: FactorJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

export interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Metadata;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email: string;
}

export const EMAIL_APP_METADATA: Metadata = { provider: "email", providers: ["email"] };

/** A new e-mail user and its identity; `confirmedAt` when confirmation is not required. */
export function newEmailUser(email: string, passwordHash: string, data: Metadata, at: string, confirmedAt?: string): { user: UserRecord; identity: IdentityRecord } {
  const id = randomUUID();
  const identityData = { sub: id, email, email_verified: confirmedAt !== undefined, phone_verified: false };
  const user: UserRecord = {
    id,
    email,
    passwordHash,
    ...(confirmedAt ? { emailConfirmedAt: confirmedAt } : {}),
    appMetadata: { ...EMAIL_APP_METADATA },
    userMetadata: { ...data, ...identityData },
    createdAt: at,
    updatedAt: at,
  };
  const identity: IdentityRecord = { id: randomUUID(), userId: id, provider: "email", identityData, email, createdAt: at, updatedAt: at };
  return { user, identity };
}

/** Marks the e-mail confirmed on the user and its identity. */
export function confirmEmail(user: UserRecord, identities: IdentityRecord[], at: string): void {
  user.emailConfirmedAt ??= at;
  user.emailVerifiedAt ??= at;
  user.userMetadata = { ...user.userMetadata, email_verified: true };
  user.updatedAt = at;
  for (const identity of identities) {
    identity.identityData = { ...identity.identityData, email_verified: true };
    identity.updatedAt = at;
  }
}

/**
 * Whether the owner proved the address by mail. Records from before `emailVerifiedAt` existed
 * count when a confirmation mail preceded the confirmation (autoconfirm sends none).
 */
export function emailVerified(user: UserRecord): boolean {
  if (user.emailVerifiedAt) return true;
  return !!user.emailConfirmedAt && !!user.confirmationSentAt && user.emailConfirmedAt >= user.confirmationSentAt;
}

/** How many recent sign-in addresses a user keeps. */
export const KNOWN_IPS_KEPT = 10;

/** Remembers `ip` as a recent sign-in address of the user. */
export function rememberIp(user: UserRecord, ip: string): void {
  user.knownIps = [...(user.knownIps ?? []).filter((known) => known !== ip), ip].slice(-KNOWN_IPS_KEPT);
}

/** `data` keys merged into user metadata; a `null` value deletes the key (GoTrue's rule). */
export function mergeMetadata(current: Metadata, data: Metadata): Metadata {
  const merged = { ...current };
  for (const [key, value] of Object.entries(data)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function userJson(user: UserRecord, identities: IdentityRecord[], factors: FactorRecord[]): UserJson {
  return {
    id: user.id,
    aud: AUDIENCE,
    role: AUTHENTICATED_ROLE,
    email: user.email,
    ...(user.emailConfirmedAt ? { email_confirmed_at: user.emailConfirmedAt } : {}),
    phone: "",
    ...(user.confirmationSentAt ? { confirmation_sent_at: user.confirmationSentAt } : {}),
    ...(user.emailConfirmedAt ? { confirmed_at: user.emailConfirmedAt } : {}),
    ...(user.lastSignInAt ? { last_sign_in_at: user.lastSignInAt } : {}),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map(identityJson),
    ...(factors.length > 0 ? { factors: factors.map(factorJson) } : {}),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    is_anonymous: false,
  };
}

function identityJson(identity: IdentityRecord): IdentityJson {
  return {
    identity_id: identity.id,
    id: identity.userId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    ...(identity.lastSignInAt ? { last_sign_in_at: identity.lastSignInAt } : {}),
    created_at: identity.createdAt,
    updated_at: identity.updatedAt,
    email: identity.email,
  };
}

/**
 * What sign-up answers for an address that is already confirmed (when confirmation is required):
 * a fake, never-stored user with a random id and no identities, so the response does not reveal
 * whether the address is registered beyond what GoTrue itself reveals (`identities: []`).
 */
export function obfuscatedUser(email: string, data: Metadata, at: string): UserJson {
  return {
    id: randomUUID(),
    aud: AUDIENCE,
    role: "",
    email,
    phone: "",
    confirmation_sent_at: at,
    app_metadata: { ...EMAIL_APP_METADATA },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}
