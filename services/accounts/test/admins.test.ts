import { UserChangeKind } from "@qai/contracts";
import { Outbox } from "@qai/event-bus";
import type { AppError } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { Accounts } from "../src/app/accounts";
import { Admins } from "../src/app/admins";
import { AdminEmails, parseAdminEmails } from "../src/domain/admin-emails";
import { PublishedUserEvents } from "./helpers";

const user = (userId: string, email: string) => ({ userId, email, firstName: "F", lastName: "L" });

describe("Admins", () => {
  let store: RecordStore;
  let events: PublishedUserEvents;
  let accounts: Accounts;
  let admins: Admins;

  beforeEach(async () => {
    store = await openSqliteRecordStore({ file: ":memory:" });
    events = new PublishedUserEvents(store);
    await events.listen();
    const options = { adminEmails: new AdminEmails(parseAdminEmails(" Boss@Example.com, ,ops@example.com")) };
    accounts = new Accounts(store, new Outbox(), options);
    admins = new Admins(store, new Outbox(), options);
  });
  afterEach(async () => {
    await events.close();
    await store.close();
  });

  it("is false for an ordinary user", async () => {
    await accounts.syncUser(user("u1", "someone@example.com"));
    expect(await admins.isAdmin("u1", "someone@example.com", true)).toBe(false);
    expect(await admins.isAdmin("", "", true)).toBe(false);
  });

  it("counts ADMIN_EMAILS addresses in any case, from the token's e-mail or the profile's", async () => {
    expect(await admins.isAdmin("", "BOSS@example.COM", true)).toBe(true);
    await accounts.syncUser(user("u-ops", "Ops@Example.com"));
    expect(await admins.isAdmin("u-ops", "", true)).toBe(true);
    expect((await accounts.profile("u-ops")).isAdmin).toBe(true);
  });

  it("refuses to revoke an ADMIN_EMAILS address, in both languages", async () => {
    await accounts.syncUser(user("u-boss", "boss@example.com"));
    for (const target of [{ email: "BOSS@example.com" }, { userId: "u-boss" }]) {
      const error = (await admins.setAdmin(target, false).catch((e: unknown) => e)) as AppError;
      expect(error.code).toBe("failed_precondition");
      expect(error.messageFor("en")).toMatch(/ADMIN_EMAILS/);
      expect(error.messageFor("ar")).toMatch(/ADMIN_EMAILS/);
    }
    expect(await admins.isAdmin("u-boss", "boss@example.com", true)).toBe(true);
  });

  it("remembers a grant by e-mail before the first sign-in and applies it then", async () => {
    expect(await admins.setAdmin({ email: "New.Admin@Example.com" }, true)).toEqual({ isAdmin: true, pending: true });
    expect(await admins.isAdmin("", "new.admin@example.com", true)).toBe(true);
    expect((await admins.list()).pendingEmails).toEqual(["new.admin@example.com"]);

    const profile = await accounts.syncUser(user("u-new", "new.admin@example.com"));
    expect(profile.isAdmin).toBe(true);
    const list = await admins.list();
    expect(list.pendingEmails).toEqual([]);
    expect(list.admins.map((admin) => admin.id)).toEqual(["u-new"]);
    expect(list.configuredEmails).toEqual(["boss@example.com", "ops@example.com"]);
  });

  it("forgets a pending grant that is revoked before the first sign-in", async () => {
    await admins.setAdmin({ email: "maybe@example.com" }, true);
    expect(await admins.setAdmin({ email: "maybe@example.com" }, false)).toEqual({ isAdmin: false, pending: false });
    expect(await admins.isAdmin("", "maybe@example.com", true)).toBe(false);
    expect((await accounts.syncUser(user("u-maybe", "maybe@example.com"))).isAdmin).toBe(false);
  });

  it("grants and revokes an existing user by e-mail or id, publishing ADMIN_GRANTED / ADMIN_REVOKED with the actor for each change", async () => {
    await accounts.syncUser(user("u1", "member@example.com"));
    expect(await admins.setAdmin({ email: "MEMBER@example.com" }, true)).toEqual({ isAdmin: true, pending: false });
    expect(await admins.isAdmin("u1", "member@example.com", true)).toBe(true);
    await admins.setAdmin({ email: "member@example.com" }, true, "u-boss");
    expect(await admins.setAdmin({ userId: "u1" }, false, "u-boss")).toEqual({ isAdmin: false, pending: false });
    expect(await admins.isAdmin("u1", "member@example.com", true)).toBe(false);
    expect((await admins.list()).pendingEmails).toEqual([]);
    expect((await events.flush()).map(({ kind, userId, email, firstName, isAdmin, actorUserId }) => ({ kind, userId, email, firstName, isAdmin, actorUserId }))).toEqual([
      { kind: UserChangeKind.CREATED, userId: "u1", email: "member@example.com", firstName: "F", isAdmin: false, actorUserId: "" },
      { kind: UserChangeKind.ADMIN_GRANTED, userId: "u1", email: "member@example.com", firstName: "F", isAdmin: true, actorUserId: "" },
      { kind: UserChangeKind.ADMIN_REVOKED, userId: "u1", email: "member@example.com", firstName: "F", isAdmin: false, actorUserId: "u-boss" },
    ]);
  });

  describe("an admin removing their own rights", () => {
    /** Admins without ADMIN_EMAILS unless given, over the same store. */
    const adminsWith = (configured: string[] = []) => new Admins(store, new Outbox(), { adminEmails: new AdminEmails(configured) });

    beforeEach(async () => {
      await accounts.syncUser(user("u-ali", "ali@example.com"));
      await accounts.syncUser(user("u-huda", "huda@example.com"));
      await adminsWith().setAdmin({ userId: "u-ali" }, true);
    });

    it("is refused, in both languages, when nobody else would be an admin", async () => {
      for (const target of [{ userId: "u-ali" }, { email: "ali@example.com" }]) {
        const error = (await adminsWith().setAdmin(target, false, "u-ali").catch((e: unknown) => e)) as AppError;
        expect(error.code).toBe("failed_precondition");
        expect(error.messageFor("en")).toBe("You are the last admin: make another user an admin before removing your own admin rights.");
        expect(error.messageFor("ar")).toMatch(/^أنت المشرف الأخير/);
      }
      expect(await admins.isAdmin("u-ali", "ali@example.com", true)).toBe(true);
      expect((await events.flush()).map((event) => event.kind)).not.toContain(UserChangeKind.ADMIN_REVOKED);
    });

    it("is allowed when another profile is an admin", async () => {
      await adminsWith().setAdmin({ userId: "u-huda" }, true, "u-ali");
      await adminsWith().setAdmin({ userId: "u-ali" }, false, "u-ali");
      expect(await admins.isAdmin("u-ali", "ali@example.com", true)).toBe(false);
      expect((await events.flush()).filter((event) => event.kind === UserChangeKind.ADMIN_REVOKED)).toMatchObject([{ userId: "u-ali", actorUserId: "u-ali", isAdmin: false }]);
    });

    it("is allowed when another address is an admin through ADMIN_EMAILS, even before it signs in", async () => {
      await expect(adminsWith(["nobody-yet@example.com"]).setAdmin({ userId: "u-ali" }, false, "u-ali")).resolves.toEqual({ isAdmin: false, pending: false });
    });

    it("guards only the actor's own rights: someone else or the CLI (no actor) may revoke the last admin", async () => {
      await expect(adminsWith().setAdmin({ userId: "u-ali" }, false, "u-huda")).resolves.toEqual({ isAdmin: false, pending: false });
      await adminsWith().setAdmin({ userId: "u-huda" }, true);
      await expect(adminsWith().setAdmin({ email: "huda@example.com" }, false)).resolves.toEqual({ isAdmin: false, pending: false });
    });
  });

  it("refuses an unknown user id and a request naming nobody", async () => {
    await expect(admins.setAdmin({ userId: "u-nobody" }, true)).rejects.toMatchObject({ code: "not_found" });
    await expect(admins.setAdmin({}, true)).rejects.toMatchObject({ code: "invalid_argument" });
    await expect(admins.setAdmin({ email: "not-an-address" }, true)).rejects.toMatchObject({ code: "invalid_argument" });
  });
});
