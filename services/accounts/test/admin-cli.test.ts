import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Outbox } from "@qai/event-bus";
import { openSqliteRecordStore } from "@qai/record-store";
import { EXIT, USAGE, runAdminCli } from "../src/admin-cli";
import { Accounts } from "../src/app/accounts";
import { Admins } from "../src/app/admins";
import { ACCOUNTS_DB_FILE } from "../src/app/collections";
import { AdminEmails } from "../src/domain/admin-emails";

describe("admin CLI", () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "qai-accounts-cli-"));
    env = { DATA_DIR: dataDir };
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  async function cli(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(args, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  /** What the running product would see in the same DATA_DIR. */
  async function inProduct<T>(work: (accounts: Accounts, admins: Admins) => Promise<T>): Promise<T> {
    const store = await openSqliteRecordStore({ file: join(dataDir, ACCOUNTS_DB_FILE) });
    const options = { adminEmails: new AdminEmails([]) };
    try {
      return await work(new Accounts(store, new Outbox(), options), new Admins(store, new Outbox(), options));
    } finally {
      await store.close();
    }
  }

  it("grants an e-mail before its first sign-in, which then signs in as an admin", async () => {
    expect(await cli("list")).toEqual({ code: EXIT.ok, out: "No admins yet. Grant one with: npm run admin -- grant <email>", err: "" });
    expect(await cli("grant", "First@Example.com")).toMatchObject({ code: EXIT.ok, out: "First@Example.com has no account yet; it will be an admin from its first sign-in." });
    expect((await cli("list")).out).toBe("first@example.com\tpending\t(applied at first sign-in)");
    const profile = await inProduct((accounts) => accounts.syncUser({ userId: "u1", email: "first@example.com", firstName: "F", lastName: "L" }));
    expect(profile.isAdmin).toBe(true);
    expect((await cli("list")).out).toBe("first@example.com\tadmin\t(user u1)");
  });

  it("grants and revokes an existing user", async () => {
    await inProduct((accounts) => accounts.syncUser({ userId: "u2", email: "member@example.com", firstName: "F", lastName: "L" }));
    expect(await cli("grant", "member@example.com")).toMatchObject({ code: EXIT.ok, out: "member@example.com is now an admin." });
    expect(await inProduct((_, admins) => admins.isAdmin("u2", "member@example.com", true))).toBe(true);
    expect(await cli("revoke", "member@example.com")).toMatchObject({ code: EXIT.ok, out: "member@example.com is no longer an admin." });
    expect(await inProduct((_, admins) => admins.isAdmin("u2", "member@example.com", true))).toBe(false);
  });

  it("works on the store RECORD_STORE_URL names, as the accounts service does", async () => {
    const file = join(dataDir, "elsewhere.db");
    env.RECORD_STORE_URL = `sqlite:${file}`;
    expect(await cli("grant", "owner@example.com")).toMatchObject({ code: EXIT.ok });
    const store = await openSqliteRecordStore({ file });
    try {
      expect(await new Admins(store, new Outbox(), { adminEmails: new AdminEmails([]) }).isAdmin("u9", "owner@example.com", true)).toBe(true);
    } finally {
      await store.close();
    }
    delete env.RECORD_STORE_URL;
    expect((await cli("list")).out).toMatch(/^No admins yet/);
    env.RECORD_STORE_URL = "postgres://db/accounts";
    expect(await cli("list")).toEqual({ code: EXIT.usage, out: "", err: 'RECORD_STORE_URL must be "sqlite", "sqlite:<file>" or a mongodb:// URL' });
  });

  it("lists ADMIN_EMAILS and refuses to revoke them", async () => {
    env.ADMIN_EMAILS = "Boss@Example.com";
    expect((await cli("list")).out).toBe("boss@example.com\tconfigured\t(ADMIN_EMAILS)");
    const refused = await cli("revoke", "boss@example.com");
    expect(refused.code).toBe(EXIT.refused);
    expect(refused.err).toMatch(/^refused: .*ADMIN_EMAILS/);
  });

  it("refuses a malformed e-mail and explains its usage", async () => {
    expect(await cli("grant", "not-an-email")).toEqual({ code: EXIT.refused, out: "", err: "refused: The email is not valid, please enter a valid email and try again." });
    for (const args of [[], ["grant"], ["promote", "a@example.com"], ["list", "extra"]]) {
      expect(await cli(...args)).toEqual({ code: EXIT.usage, out: "", err: USAGE });
    }
  });
});
