import { timestampDate } from "@bufbuild/protobuf/wkt";
import { UserChangeKind, type UserChanged } from "@qai/contracts";
import { Outbox } from "@qai/event-bus";
import type { AppError } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { THEME_IDS } from "@qai/accounts";
import { Accounts } from "../src/app/accounts";
import { AdminEmails } from "../src/domain/admin-emails";
import { PublishedUserEvents } from "./helpers";

const alice = { userId: "u-alice", email: "  Alice@Example.COM ", firstName: " Alice ", lastName: "Saud" };

describe("Accounts", () => {
  let store: RecordStore;
  let events: PublishedUserEvents;
  let now: Date;
  let accounts: Accounts;

  beforeEach(async () => {
    store = await openSqliteRecordStore({ file: ":memory:" });
    events = new PublishedUserEvents(store);
    await events.listen();
    now = new Date("2026-03-01T10:00:00Z");
    accounts = newAccounts();
  });
  afterEach(async () => {
    await events.close();
    await store.close();
  });

  const newAccounts = (adminEmails: string[] = []) => new Accounts(store, new Outbox(), { adminEmails: new AdminEmails(adminEmails), now: () => now });
  const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as AppError);
  /** An event's profile snapshot, with its times as ISO strings. */
  const snapshotOf = (event: UserChanged) => ({
    kind: event.kind,
    userId: event.userId,
    email: event.email,
    firstName: event.firstName,
    lastName: event.lastName,
    isAdmin: event.isAdmin,
    provider: event.provider,
    createdAt: event.createdAt && timestampDate(event.createdAt).toISOString(),
    lastActiveAt: event.lastActiveAt && timestampDate(event.lastActiveAt).toISOString(),
    actorUserId: event.actorUserId,
  });

  describe("SyncUser", () => {
    it("creates the profile on first sign-in and publishes CREATED with the whole profile", async () => {
      const profile = await accounts.syncUser(alice);
      expect(profile).toEqual({
        id: "u-alice",
        email: "alice@example.com",
        firstName: "Alice",
        lastName: "Saud",
        isAdmin: false,
        themePreference: "",
        createdAt: now.toISOString(),
        lastActiveAt: now.toISOString(),
        provider: "email",
      });
      expect((await events.flush()).map(snapshotOf)).toEqual([
        {
          kind: UserChangeKind.CREATED,
          userId: "u-alice",
          email: "alice@example.com",
          firstName: "Alice",
          lastName: "Saud",
          isAdmin: false,
          provider: "email",
          createdAt: now.toISOString(),
          lastActiveAt: now.toISOString(),
          actorUserId: "",
        },
      ]);
    });

    it("updates the e-mail and names on a later sign-in, keeps stored names the sign-in lacks, and publishes UPDATED on change, else ACTIVE", async () => {
      await accounts.syncUser(alice);
      now = new Date("2026-03-01T12:00:00Z");
      await accounts.syncUser(alice);
      now = new Date("2026-03-02T10:00:00Z");
      const updated = await accounts.syncUser({ userId: "u-alice", email: "alice@new.example", firstName: "Alia", lastName: "" });
      expect(updated).toMatchObject({ email: "alice@new.example", firstName: "Alia", lastName: "Saud", createdAt: "2026-03-01T10:00:00.000Z", lastActiveAt: now.toISOString() });
      expect((await events.flush()).map(snapshotOf)).toMatchObject([
        { kind: UserChangeKind.CREATED, email: "alice@example.com", lastActiveAt: "2026-03-01T10:00:00.000Z" },
        { kind: UserChangeKind.ACTIVE, email: "alice@example.com", firstName: "Alice", lastActiveAt: "2026-03-01T12:00:00.000Z" },
        { kind: UserChangeKind.UPDATED, email: "alice@new.example", firstName: "Alia", lastName: "Saud", createdAt: "2026-03-01T10:00:00.000Z", lastActiveAt: now.toISOString() },
      ]);
    });

    it("stores the sign-in's provider (email when empty) and publishes UPDATED when it changes", async () => {
      expect((await accounts.syncUser({ ...alice, provider: " " })).provider).toBe("email");
      expect((await accounts.syncUser({ ...alice, provider: "google" })).provider).toBe("google");
      expect((await accounts.profile("u-alice")).provider).toBe("google");
      expect((await events.flush()).map((event) => [event.kind, event.provider])).toEqual([
        [UserChangeKind.CREATED, "email"],
        [UserChangeKind.UPDATED, "google"],
      ]);
    });

    it("reads a profile stored before providers were recorded as an e-mail sign-in", async () => {
      const { provider: _provider, ...legacy } = await accounts.syncUser(alice);
      await store.collection("profiles").put(legacy);
      now = new Date("2026-03-01T11:00:00Z");
      await accounts.touchActivity("u-alice");
      await accounts.syncUser({ ...alice, provider: "email" });
      expect((await events.flush()).map((event) => [event.kind, event.provider])).toEqual([
        [UserChangeKind.CREATED, "email"],
        [UserChangeKind.ACTIVE, "email"],
        [UserChangeKind.ACTIVE, "email"],
      ]);
    });

    it("publishes an ADMIN_EMAILS address as an admin, and DELETED without the profile", async () => {
      accounts = newAccounts(["alice@example.com"]);
      await accounts.syncUser(alice);
      await accounts.updateProfile("u-alice", "Alia", "Saud");
      await accounts.deleteProfile("u-alice");
      expect((await events.flush()).map(snapshotOf)).toEqual([
        expect.objectContaining({ kind: UserChangeKind.CREATED, isAdmin: true }),
        expect.objectContaining({ kind: UserChangeKind.UPDATED, isAdmin: true, firstName: "Alia" }),
        { kind: UserChangeKind.DELETED, userId: "u-alice", email: "alice@example.com", firstName: "", lastName: "", isAdmin: false, provider: "", createdAt: undefined, lastActiveAt: undefined, actorUserId: "" },
      ]);
    });

    it("refuses a missing user id or a malformed e-mail, storing nothing", async () => {
      expect(await failure(accounts.syncUser({ ...alice, userId: "" }))).toMatchObject({ code: "invalid_argument" });
      const badEmail = await failure(accounts.syncUser({ ...alice, email: "alice@example" }));
      expect(badEmail?.code).toBe("invalid_argument");
      expect(badEmail?.messageFor("en")).toBe("The email is not valid, please enter a valid email and try again.");
      await expect(accounts.profile("u-alice")).rejects.toMatchObject({ code: "not_found" });
      expect(await events.flush()).toEqual([]);
    });
  });

  describe("UpdateProfile", () => {
    beforeEach(() => accounts.syncUser(alice));

    it.each([
      ["", "Saud"],
      ["Alice", "   "],
      [" \t", ""],
    ])("refuses first name %j and last name %j with the spec's message in both languages", async (firstName, lastName) => {
      const error = await failure(accounts.updateProfile("u-alice", firstName, lastName));
      expect(error?.code).toBe("invalid_argument");
      expect(error?.messageFor("en")).toBe("Please fill in all fields");
      expect(error?.messageFor("ar")).toBe("يرجى تعبئة جميع الحقول");
      expect(await accounts.profile("u-alice")).toMatchObject({ firstName: "Alice", lastName: "Saud" });
    });

    it("refuses names longer than 100 characters, in both languages", async () => {
      const error = await failure(accounts.updateProfile("u-alice", "A".repeat(101), "Saud"));
      expect(error?.code).toBe("invalid_argument");
      expect(error?.messageFor("en")).toMatch(/at most 100 characters/);
      expect(error?.messageFor("ar")).toMatch(/100 حرف/);
      expect((await accounts.updateProfile("u-alice", "A".repeat(100), "Saud")).firstName).toHaveLength(100);
    });

    it("saves trimmed names and publishes UPDATED", async () => {
      expect(await accounts.updateProfile("u-alice", "  عائشة ", " القحطاني")).toMatchObject({ firstName: "عائشة", lastName: "القحطاني" });
      expect(await accounts.profile("u-alice")).toMatchObject({ firstName: "عائشة", lastName: "القحطاني" });
      expect((await events.flush()).map((event) => event.kind)).toEqual([UserChangeKind.CREATED, UserChangeKind.UPDATED]);
    });

    it("refuses an unknown user", async () => {
      await expect(accounts.updateProfile("u-nobody", "A", "B")).rejects.toMatchObject({ code: "not_found" });
    });
  });

  describe("themes", () => {
    beforeEach(() => accounts.syncUser(alice));

    it("has no preference until one is picked, then keeps it", async () => {
      expect(await accounts.theme("u-alice")).toBe("");
      expect(await accounts.setTheme("u-alice", "dark")).toBe("dark");
      expect(await accounts.theme("u-alice")).toBe("dark");
      expect((await accounts.profile("u-alice")).themePreference).toBe("dark");
    });

    it("accepts exactly the six theme ids", async () => {
      expect([...THEME_IDS]).toEqual(["default", "boe", "dark", "light", "green", "purple"]);
      for (const theme of THEME_IDS) expect(await accounts.setTheme("u-alice", theme)).toBe(theme);
    });

    it.each(["blue", "Dark", ""])("refuses %j in both languages and keeps the stored theme", async (theme) => {
      await accounts.setTheme("u-alice", "green");
      const error = await failure(accounts.setTheme("u-alice", theme));
      expect(error?.code).toBe("invalid_argument");
      expect(error?.messageFor("en")).toMatch(/^Unknown theme\. Choose one of: default, boe, dark, light, green, purple\.$/);
      expect(error?.messageFor("ar")).toMatch(/^سمة غير معروفة/);
      expect(await accounts.theme("u-alice")).toBe("green");
    });

    it("refuses to save a theme for a user without a profile", async () => {
      await expect(accounts.setTheme("u-nobody", "dark")).rejects.toMatchObject({ code: "not_found" });
    });
  });

  describe("TouchActivity", () => {
    const lastActive = async () => (await accounts.profile("u-alice")).lastActiveAt;
    const at = (iso: string) => {
      now = new Date(iso);
    };

    beforeEach(() => accounts.syncUser(alice));

    it("moves lastActiveAt at most once per minute, publishing ACTIVE each time it moves", async () => {
      at("2026-03-01T10:05:00Z");
      await accounts.touchActivity("u-alice");
      expect(await lastActive()).toBe("2026-03-01T10:05:00.000Z");
      at("2026-03-01T10:05:59Z");
      await accounts.touchActivity("u-alice");
      expect(await lastActive()).toBe("2026-03-01T10:05:00.000Z");
      at("2026-03-01T10:06:00Z");
      await accounts.touchActivity("u-alice");
      expect(await lastActive()).toBe("2026-03-01T10:06:00.000Z");
      expect((await events.flush()).map(snapshotOf).slice(1)).toEqual([
        expect.objectContaining({ kind: UserChangeKind.ACTIVE, userId: "u-alice", firstName: "Alice", createdAt: "2026-03-01T10:00:00.000Z", lastActiveAt: "2026-03-01T10:05:00.000Z" }),
        expect.objectContaining({ kind: UserChangeKind.ACTIVE, lastActiveAt: "2026-03-01T10:06:00.000Z" }),
      ]);
    });

    it("also holds across instances, from the stored time, publishing nothing then", async () => {
      at("2026-03-01T10:00:30Z");
      await newAccounts().touchActivity("u-alice");
      expect(await lastActive()).toBe("2026-03-01T10:00:00.000Z");
      expect((await events.flush()).map((event) => event.kind)).toEqual([UserChangeKind.CREATED]);
    });

    it("ignores a user without a profile and publishes nothing", async () => {
      await expect(accounts.touchActivity("u-nobody")).resolves.toBeUndefined();
      expect((await events.flush()).map((event) => event.kind)).toEqual([UserChangeKind.CREATED]);
    });
  });
});
