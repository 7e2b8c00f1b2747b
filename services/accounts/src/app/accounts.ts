import { UserChangeKind } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import type { RecordStore, Transaction } from "@qai/record-store";
import { ActivityThrottle, activityDue } from "../domain/activity";
import type { AdminEmails } from "../domain/admin-emails";
import { boundedNames, profileNotFound, requireEmail, requireUserId, requiredNames, type Names, type ProfileRecord } from "../domain/profile";
import { requireThemeId, type ThemeId } from "../domain/themes";
import { adminGrants, profiles } from "./collections";
import { userChanged } from "./user-events";

export interface AccountsOptions {
  adminEmails: AdminEmails;
  /** Runs after a commit that may have enqueued events, so the relay publishes them at once. */
  onCommit?: () => void;
  now?: () => Date;
}

export interface SyncUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Profiles of registered users. Changes of who a user is (created, names, e-mail, deleted) publish
 * accounts.user.v1 through the outbox. Profiles returned count ADMIN_EMAILS addresses as admins.
 */
export class Accounts {
  private readonly activity = new ActivityThrottle();
  private readonly onCommit: () => void;
  private readonly now: () => Date;

  constructor(
    private readonly store: RecordStore,
    private readonly outbox: Outbox,
    private readonly options: AccountsOptions,
  ) {
    this.onCommit = options.onCommit ?? (() => undefined);
    this.now = options.now ?? (() => new Date());
  }

  /** On sign-in: creates the profile or updates its e-mail and (non-empty) names; applies a pending admin grant. */
  async syncUser(request: SyncUser): Promise<ProfileRecord> {
    const userId = requireUserId(request.userId);
    const email = requireEmail(request.email);
    const names = boundedNames(request.firstName, request.lastName);
    const now = this.now();
    const profile = await this.store.transaction(async (tx) => {
      const existing = await profiles(tx).get(userId);
      const synced = existing ? resynced(existing, email, names) : newProfile(userId, email, names, now);
      const next = { ...synced, isAdmin: (await takeAdminGrant(tx, email)) || synced.isAdmin, lastActiveAt: now.toISOString() };
      await profiles(tx).put(next);
      const kind = !existing ? UserChangeKind.CREATED : identityChanged(existing, next) ? UserChangeKind.UPDATED : undefined;
      if (kind) await this.outbox.enqueue(tx, userChanged(next, kind, now));
      return next;
    });
    this.onCommit();
    return this.effective(profile);
  }

  async profile(userId: string): Promise<ProfileRecord> {
    const profile = await profiles(this.store).get(requireUserId(userId));
    if (!profile) throw profileNotFound(userId);
    return this.effective(profile);
  }

  async updateProfile(userId: string, firstName: string, lastName: string): Promise<ProfileRecord> {
    const names = requiredNames(firstName, lastName);
    return this.effective(await this.update(userId, (profile) => ({ ...profile, ...names })));
  }

  /** Empty until the user picks one (or before the first sign-in). */
  async theme(userId: string): Promise<ThemeId | ""> {
    return (await profiles(this.store).get(requireUserId(userId)))?.themePreference ?? "";
  }

  async setTheme(userId: string, theme: string): Promise<ThemeId> {
    const themePreference = requireThemeId(theme);
    await this.update(userId, (profile) => ({ ...profile, themePreference }));
    return themePreference;
  }

  /** Moves lastActiveAt to now, at most once per minute per user; unknown users are ignored. */
  async touchActivity(userId: string): Promise<void> {
    const id = requireUserId(userId);
    const now = this.now();
    if (!this.activity.due(id, now)) return;
    await this.store.transaction(async (tx) => {
      const profile = await profiles(tx).get(id);
      if (profile && activityDue(profile.lastActiveAt, now)) await profiles(tx).replace({ ...profile, lastActiveAt: now.toISOString() });
    });
  }

  /** Removes the profile and publishes DELETED, even when it is already gone (a retried deletion cascades again). */
  async deleteProfile(userId: string): Promise<void> {
    const id = requireUserId(userId);
    const now = this.now();
    await this.store.transaction(async (tx) => {
      const profile = await profiles(tx).get(id);
      await profiles(tx).delete(id);
      await this.outbox.enqueue(tx, userChanged({ id, email: profile?.email ?? "" }, UserChangeKind.DELETED, now));
    });
    this.onCommit();
  }

  private async update(userId: string, change: (profile: ProfileRecord) => ProfileRecord): Promise<ProfileRecord> {
    const id = requireUserId(userId);
    const now = this.now();
    const updated = await this.store.transaction(async (tx) => {
      const profile = await profiles(tx).get(id);
      if (!profile) throw profileNotFound(id);
      const next = change(profile);
      await profiles(tx).replace(next);
      if (identityChanged(profile, next)) await this.outbox.enqueue(tx, userChanged(next, UserChangeKind.UPDATED, now));
      return next;
    });
    this.onCommit();
    return updated;
  }

  private effective(profile: ProfileRecord): ProfileRecord {
    return { ...profile, isAdmin: profile.isAdmin || this.options.adminEmails.includes(profile.email) };
  }
}

function newProfile(id: string, email: string, names: Names, now: Date): ProfileRecord {
  const at = now.toISOString();
  return { id, email, ...names, isAdmin: false, themePreference: "", createdAt: at, lastActiveAt: at };
}

/** Sign-in data replaces the e-mail, and the names unless they are empty. */
function resynced(profile: ProfileRecord, email: string, names: Names): ProfileRecord {
  return { ...profile, email, firstName: names.firstName || profile.firstName, lastName: names.lastName || profile.lastName };
}

/** Whether what others know of the user (accounts.user.v1) changed. */
function identityChanged(before: ProfileRecord, after: ProfileRecord): boolean {
  return before.email !== after.email || before.firstName !== after.firstName || before.lastName !== after.lastName || before.isAdmin !== after.isAdmin;
}

/** Whether `email` had a pending admin grant; the grant is used up. */
async function takeAdminGrant(tx: Transaction, email: string): Promise<boolean> {
  return adminGrants(tx).delete(email);
}
