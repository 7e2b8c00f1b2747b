import { normalizeEmail, type ProfileRecord } from "./profile";

/** ADMIN_EMAILS: comma-separated addresses (any case) that are admins by configuration. */
export function parseAdminEmails(value: string): string[] {
  return value.split(",").map(normalizeEmail).filter(Boolean);
}

/** The configured admin addresses, compared case-insensitively. */
export class AdminEmails {
  private readonly emails: ReadonlySet<string>;

  constructor(emails: readonly string[]) {
    this.emails = new Set(emails.map(normalizeEmail).filter(Boolean));
  }

  includes(email: string): boolean {
    return this.emails.has(normalizeEmail(email));
  }

  /** The profile with the admin flag that takes effect: granted, or a configured address. */
  effective(profile: ProfileRecord): ProfileRecord {
    return { ...profile, isAdmin: profile.isAdmin || this.includes(profile.email) };
  }

  list(): string[] {
    return [...this.emails].sort();
  }
}
