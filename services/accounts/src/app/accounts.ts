import { UserChangeKind } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import { KeyedThrottle } from "@qai/platform";
import type { RecordStore, Transaction } from "@qai/record-store";
import { ACTIVITY_INTERVAL_MS, activityDue } from "../domain/activity";
import type { AdminEmails } from "../domain/admin-emails";
import { DEFAULT_PROVIDER, boundedNames, profileNotFound, providerOf, requireEmail, requireUserId, requiredNames, type Names, type ProfileRecord } from "../domain/profile";
import { requireThemeId, type ThemeId } from "../domain/themes";
import { adminGrants, profiles } from "./collections";
import { userChanged, userDeleted } from "./user-events";

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
  /** The verified token's auth provider; empty or absent: "email". */
  provider?: string;
}

/**
 * Profiles of registered users. Changes of who a user is (created, names, e-mail, provider,
 * deleted) and their activity (sign-in, requests) publish accounts.user.v1 through the outbox.
 * Profiles returned, and those events carry, count ADMIN_EMAILS addresses as admins.
 */
export class Accounts {
  private readonly activity = new KeyedThrottle(ACTIVITY_INTERVAL_MS);
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

  /**
   * On sign-in: creates the profile or updates its e-mail, provider and (non-empty) names; applies
   * a pending admin grant. Publishes CREATED, UPDATED when who the user is changed, else ACTIVE.
   */
  async syncUser(request: SyncUser): Promise<ProfileRecord> {
    const userId = requireUserId(request.userId);
    const signIn = { email: requireEmail(request.email), ...boundedNames(request.firstName, request.lastName), provider: request.provider?.trim() || DEFAULT_PROVIDER };
    const now = this.now();
    const profile = await this.store.transaction(async (tx) => {
      const existing = await profiles(tx).get(userId);
      const synced = existing ? resynced(existing, signIn) : newProfile(userId, signIn, now);
      const next = { ...synced, isAdmin: (await takeAdminGrant(tx, signIn.email)) || synced.isAdmin, lastActiveAt: now.toISOString() };
      await profiles(tx).put(next);
      const kind = !existing ? UserChangeKind.CREATED : identityChanged(existing, next) ? UserChangeKind.UPDATED : UserChangeKind.ACTIVE;
      await this.outbox.enqueue(tx, userChanged(this.effective(next), kind, now));
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

  /** Moves lastActiveAt to now and publishes ACTIVE, at most once per minute per user; unknown users are ignored. */
  async touchActivity(userId: string): Promise<void> {
    const id = requireUserId(userId);
    const now = this.now();
    if (!this.activity.due(id, now)) return;
    const moved = await this.store.transaction(async (tx) => {
      const profile = await profiles(tx).get(id);
      if (!profile || !activityDue(profile.lastActiveAt, now)) return false;
      const active = { ...profile, lastActiveAt: now.toISOString() };
      await profiles(tx).replace(active);
      await this.outbox.enqueue(tx, userChanged(this.effective(active), UserChangeKind.ACTIVE, now));
      return true;
    });
    if (moved) this.onCommit();
  }

  /** Removes the profile and publishes DELETED, even when it is already gone (a retried deletion cascades again). */
  async deleteProfile(userId: string): Promise<void> {
    const id = requireUserId(userId);
    const now = this.now();
    await this.store.transaction(async (tx) => {
      const profile = await profiles(tx).get(id);
      await profiles(tx).delete(id);
      await this.outbox.enqueue(tx, userDeleted(id, profile?.email ?? "", now));
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
      if (identityChanged(profile, next)) await this.outbox.enqueue(tx, userChanged(this.effective(next), UserChangeKind.UPDATED, now));
      return next;
    });
    this.onCommit();
    return updated;
  }

  private effective(profile: ProfileRecord): ProfileRecord {
    return this.options.adminEmails.effective(profile);
  }
}

/** What a sign-in says about the user. */
type SignIn = Names & { email: string; provider: string };

function newProfile(id: string, signIn: SignIn, now: Date): ProfileRecord {
  const at = now.toISOString();
  return { id, ...signIn, isAdmin: false, themePreference: "", createdAt: at, lastActiveAt: at };
}

/** Sign-in data replaces the e-mail and provider, and the names unless they are empty. */
function resynced(profile: ProfileRecord, { email, provider, firstName, lastName }: SignIn): ProfileRecord {
  return { ...profile, email, provider, firstName: firstName || profile.firstName, lastName: lastName || profile.lastName };
}

/** Whether what others know of the user (accounts.user.v1) changed. */
function identityChanged(before: ProfileRecord, after: ProfileRecord): boolean {
  return (
    before.email !== after.email ||
    before.firstName !== after.firstName ||
    before.lastName !== after.lastName ||
    before.isAdmin !== after.isAdmin ||
    providerOf(before) !== providerOf(after)
  );
}

/** Whether `email` had a pending admin grant; the grant is used up. */
async function takeAdminGrant(tx: Transaction, email: string): Promise<boolean> {
  return adminGrants(tx).delete(email);
}
