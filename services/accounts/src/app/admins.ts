import { UserChangeKind } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import { AppError } from "@qai/platform";
import type { RecordStore, Transaction } from "@qai/record-store";
import type { AdminEmails } from "../domain/admin-emails";
import { normalizeEmail, requireEmail, requireUserId, userNotFound, type ProfileRecord } from "../domain/profile";
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

const LAST_ADMIN = new AppError("failed_precondition", "the actor is the last admin", {
  userMessage: {
    en: "You are the last admin: make another user an admin before removing your own admin rights.",
    ar: "أنت المشرف الأخير: اجعل مستخدمًا آخر مشرفًا قبل إزالة صلاحياتك الإدارية.",
  },
});

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

  /**
   * Grants or revokes, publishing ADMIN_GRANTED / ADMIN_REVOKED for each profile whose flag changed.
   * `actorUserId` is the admin making the change (empty: the CLI); an admin may not remove their
   * own flag when no other admin would remain.
   */
  async setAdmin(target: AdminTarget, isAdmin: boolean, actorUserId = ""): Promise<AdminChange> {
    const change = target.userId
      ? await this.setForUser(requireUserId(target.userId), isAdmin, actorUserId)
      : await this.setForEmail(requireEmail(target.email ?? ""), isAdmin, actorUserId);
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

  private setForUser(userId: string, isAdmin: boolean, actorUserId: string): Promise<AdminChange> {
    return this.store.transaction(async (tx) => {
      const profile = await profiles(tx).get(userId);
      if (!profile) throw userNotFound(userId);
      this.assertChangeable(profile.email, isAdmin);
      await this.flag(tx, profile, isAdmin, actorUserId);
      return { isAdmin, pending: false };
    });
  }

  private setForEmail(email: string, isAdmin: boolean, actorUserId: string): Promise<AdminChange> {
    this.assertChangeable(email, isAdmin);
    return this.store.transaction(async (tx) => {
      const owners = await findAll(profiles(tx), { email });
      for (const profile of owners) await this.flag(tx, profile, isAdmin, actorUserId);
      const pending = isAdmin && owners.length === 0;
      if (pending) await adminGrants(tx).put({ id: email, grantedAt: this.now().toISOString() });
      else await adminGrants(tx).delete(email);
      return { isAdmin, pending };
    });
  }

  private async flag(tx: Transaction, profile: ProfileRecord, isAdmin: boolean, actorUserId: string): Promise<void> {
    if (profile.isAdmin === isAdmin) return;
    if (!isAdmin && profile.id === actorUserId) await assertAnotherAdmin(tx, profile, this.adminEmails);
    const updated = { ...profile, isAdmin };
    await profiles(tx).replace(updated);
    const kind = isAdmin ? UserChangeKind.ADMIN_GRANTED : UserChangeKind.ADMIN_REVOKED;
    await this.outbox.enqueue(tx, userChanged(this.adminEmails.effective(updated), kind, this.now(), actorUserId));
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

/**
 * An admin removing their own flag must leave someone who can administer the product: another
 * granted profile, or an ADMIN_EMAILS address that is not the actor's own.
 */
async function assertAnotherAdmin(tx: Transaction, actor: ProfileRecord, adminEmails: AdminEmails): Promise<void> {
  const granted = (await profiles(tx).find({ where: { isAdmin: true }, limit: 2 })).items;
  if (granted.some((admin) => admin.id !== actor.id)) return;
  if (adminEmails.list().some((email) => email !== actor.email)) return;
  throw LAST_ADMIN;
}
