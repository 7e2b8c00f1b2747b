import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import type { Collections } from "@qai/record-store";
import {
  challengeExpired,
  challengeIpMismatch,
  challengeNotFound,
  factorIdNotUuid,
  factorNameConflict,
  factorNotFound,
  insufficientAal,
  phoneMfaDisabled,
  tooManyFactors,
  totpInvalid,
  validationFailed,
} from "../domain/errors";
import { MAX_FACTORS, MFA_CHALLENGE_TTL_SECONDS, UNVERIFIED_FACTOR_TTL_SECONDS, acceptedTotpStep, newTotpSecret, totpUri, type FactorRecord } from "../domain/factor";
import { lowerToAal1, raiseToAal2, type SessionJson } from "../domain/session";
import { isoAt } from "./clock";
import { SessionRevocationReason } from "./revocations";
import type { AuthContext, ClientInfo } from "./context";
import { challenges, endSessions, factors, findAll, sessions, users } from "./records";
import type { SessionGrants } from "./session-grants";
import type { Caller } from "./users";

export interface EnrollResponse {
  id: string;
  type: "totp";
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** MFA with TOTP: enroll, challenge, verify (the session becomes aal2) and unenroll. */
export class Mfa {
  constructor(
    private readonly context: AuthContext,
    private readonly grants: SessionGrants,
  ) {}

  async enroll(caller: Caller, input: { factorType?: string; friendlyName?: string; issuer?: string }): Promise<EnrollResponse> {
    if (input.factorType === "phone") throw phoneMfaDisabled();
    if (input.factorType !== "totp") throw validationFailed("factor_type needs to be totp");
    const { store, clock, secret, settings } = this.context;
    const friendlyName = input.friendlyName ?? "";
    const totpSecret = newTotpSecret();
    const uri = totpUri(input.issuer || settings.mfaIssuer, caller.user.email, totpSecret);
    const qrCode = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M" });
    const factor = await store.transaction(async (tx) => {
      const now = clock();
      const existing = await this.removeStaleFactors(tx, caller.user.id, now);
      if (existing.some((factor) => factor.friendlyName === friendlyName)) throw factorNameConflict(friendlyName);
      if (existing.length >= MAX_FACTORS) throw tooManyFactors();
      if (caller.aal === "aal1" && existing.some((factor) => factor.status === "verified")) throw insufficientAal(403, "AAL2 required to enroll a new factor");
      const created: FactorRecord = { id: randomUUID(), userId: caller.user.id, friendlyName, factorType: "totp", status: "unverified", sealedSecret: secret.seal(totpSecret), createdAt: isoAt(now), updatedAt: isoAt(now) };
      await factors(tx).insert(created);
      return created;
    });
    return { id: factor.id, type: "totp", friendly_name: friendlyName, totp: { qr_code: qrCode, secret: totpSecret, uri } };
  }

  async challenge(caller: Caller, factorId: string, client: ClientInfo): Promise<{ id: string; type: "totp"; expires_at: number }> {
    const { store, clock } = this.context;
    return store.transaction(async (tx) => {
      const factor = await ownedFactor(tx, caller, factorId);
      const now = clock();
      for (const old of await findAll(challenges(tx), { factorId: factor.id })) {
        if (Date.parse(old.createdAt) + MFA_CHALLENGE_TTL_SECONDS * 1000 <= now) await challenges(tx).delete(old.id);
      }
      const challenge = { id: randomUUID(), factorId: factor.id, userId: caller.user.id, ip: client.ip, createdAt: isoAt(now) };
      await challenges(tx).insert(challenge);
      await factors(tx).put({ ...factor, lastChallengedAt: isoAt(now), updatedAt: isoAt(now) });
      return { id: challenge.id, type: "totp", expires_at: Math.floor(now / 1000) + MFA_CHALLENGE_TTL_SECONDS };
    });
  }

  /**
   * Checks the code against the challenge (same IP, once, within 300 s). On success the factor is
   * verified, the session becomes aal2 with `totp` first in its AMR, its refresh token moves on
   * (pre-MFA tokens cannot mint aal2 tokens), and the user's other aal1 sessions and other
   * unverified factors are removed.
   */
  async verify(caller: Caller, factorId: string, input: { challengeId?: string; code?: string }, client: ClientInfo): Promise<SessionJson> {
    if (!input.code) throw validationFailed("Code needs to be non-empty");
    const { store, clock, secret } = this.context;
    const outcome = await store.transaction(async (tx) => {
      const factor = await ownedFactor(tx, caller, factorId);
      const challenge = input.challengeId && UUID.test(input.challengeId) ? await challenges(tx).get(input.challengeId) : undefined;
      if (!challenge || challenge.factorId !== factor.id) throw challengeNotFound();
      if (challenge.verifiedAt || challenge.ip !== client.ip) throw challengeIpMismatch();
      const now = clock();
      if (Date.parse(challenge.createdAt) + MFA_CHALLENGE_TTL_SECONDS * 1000 <= now) {
        await challenges(tx).delete(challenge.id);
        return "expired" as const;
      }
      const step = acceptedTotpStep(secret.unseal(factor.sealedSecret), input.code!, now, factor.lastUsedStep);
      if (step === undefined) throw totpInvalid();
      await challenges(tx).put({ ...challenge, verifiedAt: isoAt(now) });
      await factors(tx).put({ ...factor, status: "verified", lastUsedStep: step, updatedAt: isoAt(now) });
      return this.raiseSession(tx, caller, factor.id, now);
    });
    if (outcome === "expired") throw challengeExpired();
    await this.context.revocations.publish({ userId: caller.user.id, sessionIds: outcome.ended, reason: SessionRevocationReason.MFA_UPGRADE });
    return outcome.session;
  }

  /** Removes a factor; a verified one needs an aal2 session, and sessions it raised fall back to aal1. */
  async unenroll(caller: Caller, factorId: string): Promise<{ id: string }> {
    const { store, clock } = this.context;
    return store.transaction(async (tx) => {
      const factor = await ownedFactor(tx, caller, factorId);
      if (factor.status === "verified" && caller.aal === "aal1") throw insufficientAal(422, "AAL2 required to unenroll verified factor");
      await factors(tx).delete(factor.id);
      await challenges(tx).deleteMany({ factorId: factor.id });
      for (const session of await findAll(sessions(tx), { userId: caller.user.id })) {
        if (session.factorId !== factor.id) continue;
        lowerToAal1(session, clock());
        await sessions(tx).put(session);
      }
      return { id: factor.id };
    });
  }

  /** Raises the caller's session; `ended`: the user's other (aal1) sessions it deleted. */
  private async raiseSession(tx: Collections, caller: Caller, factorId: string, now: number): Promise<{ session: SessionJson; ended: string[] }> {
    const session = await sessions(tx).get(caller.session.id);
    const user = await users(tx).get(caller.user.id);
    if (!session || !user) throw challengeNotFound();
    raiseToAal2(session, factorId, now);
    session.refreshCounter += 2;
    delete session.lastRefreshedAt;
    await sessions(tx).put(session);
    const ended = await endSessions(tx, user.id, (other) => other.id !== session.id && other.aal === "aal1");
    for (const factor of await findAll(factors(tx), { userId: user.id })) {
      if (factor.id !== factorId && factor.status === "unverified") await factors(tx).delete(factor.id);
    }
    return { session: await this.grants.respond(tx, user, session), ended };
  }

  /** The user's factors after GoTrue's housekeeping: unverified factors never challenged and older than 300 s go. */
  private async removeStaleFactors(tx: Collections, userId: string, now: number): Promise<FactorRecord[]> {
    const kept: FactorRecord[] = [];
    for (const factor of await findAll(factors(tx), { userId })) {
      const stale = factor.status === "unverified" && !factor.lastChallengedAt && Date.parse(factor.createdAt) + UNVERIFIED_FACTOR_TTL_SECONDS * 1000 <= now;
      if (stale) await factors(tx).delete(factor.id);
      else kept.push(factor);
    }
    return kept;
  }
}

async function ownedFactor(tx: Collections, caller: Caller, factorId: string): Promise<FactorRecord> {
  if (!UUID.test(factorId)) throw factorIdNotUuid();
  const factor = await factors(tx).get(factorId);
  if (!factor || factor.userId !== caller.user.id) throw factorNotFound();
  return factor;
}
