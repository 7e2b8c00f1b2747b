import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBinary } from "@bufbuild/protobuf";
import { ChatExchangeSchema, UserChangeKind, UserChangedSchema } from "@qai/contracts";
import Database from "better-sqlite3";
import { userChanged } from "./events";
import { startHarness, type Harness } from "./harness";
import { dave, dayInTheLife, GUEST_1, GUEST_2, layla, omar } from "./scenario";

interface Row {
  table: string;
  id: string;
  data: string;
  /** For event_log rows: the decoded payload's bytes as text. */
  payload?: string;
}

/** Every row of every table of the store file, as stored. */
function storedRows(file: string): Row[] {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    return tables.flatMap(({ name }) =>
      (db.prepare(`SELECT id, data FROM "${name}"`).all() as Array<{ id: string; data: string }>).map((row) => {
        const payload = name === "event_log" ? Buffer.from((JSON.parse(row.data) as { payload: string }).payload, "base64").toString("utf8") : undefined;
        return { table: name, ...row, payload };
      }),
    );
  } finally {
    db.close();
  }
}

const containing = (rows: Row[], text: string) => rows.filter((row) => row.id.includes(text) || row.data.includes(text) || row.payload?.includes(text));

describe("admin-analytics privacy", () => {
  let dir: string;
  let file: string;
  let harness: Harness;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "qai-analytics-privacy-"));
    file = join(dir, "admin-analytics.db");
    harness = await startHarness({ file });
    await harness.publish(dayInTheLife());
  });
  afterEach(async () => {
    await harness.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function rowsAfterStop(): Promise<Row[]> {
    await harness.stop();
    return storedRows(file);
  }

  it("stores no guest session id, not even in the event log's payloads", async () => {
    const rows = await rowsAfterStop();
    expect(rows.filter((row) => row.table === "event_log").length).toBeGreaterThan(20);
    expect(containing(rows, GUEST_1)).toEqual([]);
    expect(containing(rows, GUEST_2)).toEqual([]);
    const guestExchange = rows.find((row) => row.table === "exchanges" && row.id === "a1");
    expect(JSON.parse(guestExchange!.data)).toMatchObject({ owner: "guest" });
  });

  it("keeps e-mail addresses only in users, the audit and the accounts events of the event log", async () => {
    const rows = await rowsAfterStop();
    const withEmail = rows.filter((row) => /@example|@qai/.test(row.data) || /@example|@qai/.test(row.payload ?? ""));
    expect(new Set(withEmail.map((row) => (row.table === "event_log" ? JSON.parse(row.data).topic : row.table)))).toEqual(new Set(["users", "audit", "accounts.user.v1"]));
  });

  it("on deletion keeps the user's counts but forgets who they were, in the read models and the event log", async () => {
    const rows = await rowsAfterStop();
    for (const trace of [dave.email, dave.firstName, dave.lastName]) expect(containing(rows, trace)).toEqual([]);
    const remaining = containing(rows, dave.userId).map((row) => [row.table, row.table === "event_log" ? JSON.parse(row.data).topic : row.id]);
    expect(remaining).toEqual([
      ["event_log", "accounts.user.v1"],
      ["users", dave.userId],
    ]);
    const tombstone = rows.find((row) => row.table === "users" && row.id === dave.userId)!;
    expect(JSON.parse(tombstone.data)).toMatchObject({ deleted: true, email: "", firstName: "", lastName: "", questionCount: 1 });
    const deletion = rows.find((row) => row.table === "event_log" && row.data.includes(dave.userId))!;
    expect(fromBinary(UserChangedSchema, Buffer.from(JSON.parse(deletion.data).payload, "base64"))).toMatchObject({ kind: UserChangeKind.DELETED, userId: dave.userId, email: "" });
    const forgottenExchange = rows.find((row) => row.table === "event_log" && row.payload?.includes("التزوير") && JSON.parse(row.data).topic === "chat.exchange.v1")!;
    expect(fromBinary(ChatExchangeSchema, Buffer.from(JSON.parse(forgottenExchange.data).payload, "base64")).owner?.kind).toEqual({ case: "userId", value: "" });
    expect(JSON.parse(rows.find((row) => row.table === "exchanges" && row.id === "a7")!.data)).toEqual(expect.not.objectContaining({ userId: expect.anything() }));
  });

  it("a deleted admin target no longer shows in the audit; a deleted actor's e-mail goes, the action stays", async () => {
    await harness.publish([userChanged(UserChangeKind.DELETED, omar, "2025-08-06T11:30:00.000Z"), userChanged(UserChangeKind.DELETED, layla, "2025-08-06T11:59:00.000Z")]);
    const { entries } = await harness.client.listAudit({});
    expect(entries.slice(0, 2).map(({ action, target, actorUserId, actorEmail }) => ({ action, target, actorUserId, actorEmail }))).toEqual([
      { action: "admin.revoked", target: "deleted user", actorUserId: layla.userId, actorEmail: "" },
      { action: "admin.granted", target: "deleted user", actorUserId: layla.userId, actorEmail: "" },
    ]);
    expect(entries.at(-1)).toMatchObject({ action: "admin.granted", target: "deleted user" });
    const rows = await rowsAfterStop();
    expect(containing(rows, omar.email)).toEqual([]);
    expect(containing(rows, layla.email)).toEqual([]);
    expect(await userStatsOf(file)).toMatchObject({ totalRegistered: 2 });
  });
});

/** The user stats of a store file, read by a fresh service. */
async function userStatsOf(file: string) {
  const again = await startHarness({ file });
  try {
    return await again.client.getUserStats({});
  } finally {
    await again.stop();
  }
}
