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

  it("grants and revokes an existing user by e-mail or id, publishing UPDATED for each change", async () => {
    await accounts.syncUser(user("u1", "member@example.com"));
    expect(await admins.setAdmin({ email: "MEMBER@example.com" }, true)).toEqual({ isAdmin: true, pending: false });
    expect(await admins.isAdmin("u1", "member@example.com", true)).toBe(true);
    await admins.setAdmin({ email: "member@example.com" }, true);
    expect(await admins.setAdmin({ userId: "u1" }, false)).toEqual({ isAdmin: false, pending: false });
    expect(await admins.isAdmin("u1", "member@example.com", true)).toBe(false);
    expect((await admins.list()).pendingEmails).toEqual([]);
    expect((await events.flush()).map((event) => event.kind)).toEqual([UserChangeKind.CREATED, UserChangeKind.UPDATED, UserChangeKind.UPDATED]);
  });

  it("refuses an unknown user id and a request naming nobody", async () => {
    await expect(admins.setAdmin({ userId: "u-nobody" }, true)).rejects.toMatchObject({ code: "not_found" });
    await expect(admins.setAdmin({}, true)).rejects.toMatchObject({ code: "invalid_argument" });
    await expect(admins.setAdmin({ email: "not-an-address" }, true)).rejects.toMatchObject({ code: "invalid_argument" });
  });
});
