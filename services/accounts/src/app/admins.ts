import { UserChangeKind } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import { AppError } from "@qai/platform";
import type { RecordStore, Transaction } from "@qai/record-store";
import type { AdminEmails } from "../domain/admin-emails";
import { normalizeEmail, profileNotFound, requireEmail, requireUserId, type ProfileRecord } from "../domain/profile";
import type { AccountsOptions } from "./accounts";
import { adminGrants, findAll, profiles } from "./collections";
import { userChanged } from "./user-events";

/** A user by id, or by e-mail (which may have no profile yet). */
export interface AdminTarget {
  userId?: string;
  email?: string;
}

export interface AdminChange {
  isAdmin: boolean;
  /** The e-mail has no profile yet: the grant is remembered and applied when it first signs in. */
  pending: boolean;
}

export interface AdminList {
  /** Profiles granted admin (ADMIN_EMAILS addresses are listed apart). */
  admins: ProfileRecord[];
  pendingEmails: string[];
  configuredEmails: string[];
}

/**
 * Who is an admin: a profile granted admin, an ADMIN_EMAILS address, or an e-mail granted before
 * its first sign-in. The flag only ever comes from here, never from a client.
 */
export class Admins {
  private readonly adminEmails: AdminEmails;
  private readonly onCommit: () => void;
  private readonly now: () => Date;

  constructor(
    private readonly store: RecordStore,
    private readonly outbox: Outbox,
    options: AccountsOptions,
  ) {
    this.adminEmails = options.adminEmails;
    this.onCommit = options.onCommit ?? (() => undefined);
    this.now = options.now ?? (() => new Date());
  }

  /**
   * `email` is the verified token's; the profile's own e-mail counts too. Addresses (ADMIN_EMAILS,
   * grants by e-mail) count only when `emailVerified`: whoever signs up under an admin's address
   * without proving it by mail (autoconfirm) must not inherit the rights.
   */
  async isAdmin(userId: string, email: string, emailVerified: boolean): Promise<boolean> {
    const profile = userId ? await profiles(this.store).get(userId) : undefined;
    if (profile?.isAdmin) return true;
    if (!emailVerified) return false;
    const emails = new Set([email, profile?.email ?? ""].map(normalizeEmail).filter(Boolean));
    for (const address of emails) {
      if (this.adminEmails.includes(address) || (await adminGrants(this.store).get(address))) return true;
    }
    return false;
  }

  async setAdmin(target: AdminTarget, isAdmin: boolean): Promise<AdminChange> {
    const change = target.userId
      ? await this.setForUser(requireUserId(target.userId), isAdmin)
      : await this.setForEmail(requireEmail(target.email ?? ""), isAdmin);
    this.onCommit();
    return change;
  }

  async list(): Promise<AdminList> {
    return {
      admins: await findAll(profiles(this.store), { isAdmin: true }),
      pendingEmails: (await findAll(adminGrants(this.store))).map((grant) => grant.id),
      configuredEmails: this.adminEmails.list(),
    };
  }

  private setForUser(userId: string, isAdmin: boolean): Promise<AdminChange> {
    return this.store.transaction(async (tx) => {
      const profile = await profiles(tx).get(userId);
      if (!profile) throw profileNotFound(userId);
      this.assertChangeable(profile.email, isAdmin);
      await this.flag(tx, profile, isAdmin);
      return { isAdmin, pending: false };
    });
  }

  private setForEmail(email: string, isAdmin: boolean): Promise<AdminChange> {
    this.assertChangeable(email, isAdmin);
    return this.store.transaction(async (tx) => {
      const owners = await findAll(profiles(tx), { email });
      for (const profile of owners) await this.flag(tx, profile, isAdmin);
      const pending = isAdmin && owners.length === 0;
      if (pending) await adminGrants(tx).put({ id: email, grantedAt: this.now().toISOString() });
      else await adminGrants(tx).delete(email);
      return { isAdmin, pending };
    });
  }

  private async flag(tx: Transaction, profile: ProfileRecord, isAdmin: boolean): Promise<void> {
    if (profile.isAdmin === isAdmin) return;
    const updated = { ...profile, isAdmin };
    await profiles(tx).replace(updated);
    await this.outbox.enqueue(tx, userChanged(updated, UserChangeKind.UPDATED, this.now()));
  }

  /** An ADMIN_EMAILS address stays an admin whatever is stored, so revoking it here would mislead. */
  private assertChangeable(email: string, isAdmin: boolean): void {
    if (isAdmin || !this.adminEmails.includes(email)) return;
    throw new AppError("failed_precondition", `${email} is an admin through ADMIN_EMAILS`, {
      userMessage: {
        en: "This user is an admin through the server configuration (ADMIN_EMAILS) and cannot be removed here.",
        ar: "هذا المستخدم مشرف بموجب إعدادات الخادم (ADMIN_EMAILS) ولا يمكن إزالة صلاحياته من هنا.",
      },
    });
  }
}
