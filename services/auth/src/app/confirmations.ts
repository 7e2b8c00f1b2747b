import { randomUUID } from "node:crypto";
import type { Collections } from "@qai/record-store";
import { mailNotSent } from "../domain/errors";
import type { ChallengeMethod } from "../domain/pkce";
import { emailTokenHash, newOtp } from "../domain/secrets";
import { confirmEmail, type UserRecord } from "../domain/user";
import { confirmationMail } from "../mail/confirmation";
import type { MailMessage } from "../mail/mailer";
import { isoAt } from "./clock";
import type { AuthContext } from "./context";
import { findAll, flowStates, identities, oneTimeTokens, users } from "./records";

export const PKCE_TOKEN_PREFIX = "pkce_";

/** A confirmation mail to send once its transaction has committed. */
export interface PendingMail {
  mail: MailMessage;
  userId: string;
}

const ONE_TIME_TOKEN = "one-time-token";

/**
 * E-mail confirmation tokens. The link carries GoTrue's token hash (SHA-224 of e-mail + OTP); the
 * store keeps only a keyed hash of it, and at most one pending token per user.
 */
export class Confirmations {
  constructor(private readonly context: AuthContext) {}

  /**
   * Issues a new confirmation for `user` (replacing any pending one), spends one mail of the
   * server's budget and returns the mail to send once the transaction has committed.
   */
  async issue(tx: Collections, user: UserRecord, redirectTo: string, pkce?: { codeChallenge: string; method: ChallengeMethod }): Promise<PendingMail> {
    const { clock, secret, settings, limits } = this.context;
    const now = isoAt(clock());
    limits.spendMail();
    await oneTimeTokens(tx).deleteMany({ userId: user.id });
    for (const flow of await findAll(flowStates(tx), { userId: user.id })) if (!flow.authCode) await flowStates(tx).delete(flow.id);
    const flowStateId = pkce ? randomUUID() : undefined;
    if (pkce && flowStateId) await flowStates(tx).insert({ id: flowStateId, userId: user.id, ...pkce, authMethod: "email/signup", createdAt: now });
    const otp = newOtp();
    const token = `${pkce ? PKCE_TOKEN_PREFIX : ""}${emailTokenHash(user.email, otp)}`;
    await oneTimeTokens(tx).insert({ id: secret.hash(ONE_TIME_TOKEN, token), userId: user.id, kind: "confirmation", ...(flowStateId ? { flowStateId } : {}), createdAt: now });
    user.confirmationSentAt = now;
    user.updatedAt = now;
    await users(tx).put(user);
    const link = `${settings.issuer}/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`;
    return { mail: confirmationMail(user.email, link, otp, Math.round(settings.otpExpSeconds / 3600)), userId: user.id };
  }

  /** Sends `mail`; when that fails, the user may ask again at once (the wait is lifted) and the caller gets a 500. */
  async deliver({ mail, userId }: PendingMail): Promise<void> {
    try {
      await this.context.mailer.send(mail);
    } catch (error) {
      this.context.logger.error({ err: error }, "could not send the confirmation mail");
      await this.context.store.transaction(async (tx) => {
        const user = await users(tx).get(userId);
        if (!user) return;
        delete user.confirmationSentAt;
        await users(tx).put(user);
      });
      throw mailNotSent();
    }
  }

  /**
   * Consumes the pending confirmation whose link token (`pkce_` prefix included) is `token` and
   * confirms the user's e-mail. Undefined when the token is unknown, used or expired.
   */
  async consume(tx: Collections, token: string): Promise<{ user: UserRecord; flowStateId?: string } | undefined> {
    const { clock, secret, settings } = this.context;
    const record = await oneTimeTokens(tx).get(secret.hash(ONE_TIME_TOKEN, token));
    if (!record) return undefined;
    await oneTimeTokens(tx).delete(record.id);
    if (Date.parse(record.createdAt) + settings.otpExpSeconds * 1000 <= clock()) return undefined;
    const user = await users(tx).get(record.userId);
    if (!user) return undefined;
    const userIdentities = await findAll(identities(tx), { userId: user.id });
    confirmEmail(user, userIdentities, isoAt(clock()));
    await users(tx).put(user);
    for (const identity of userIdentities) await identities(tx).put(identity);
    return { user, ...(record.flowStateId ? { flowStateId: record.flowStateId } : {}) };
  }
}
