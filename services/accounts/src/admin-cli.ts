import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Outbox } from "@qai/event-bus";
import { isAppError, type CliOutput } from "@qai/platform";
import { isRecordStoreUrl, openRecordStoreAt } from "@qai/record-store";
import { Admins } from "./app/admins";
import { ACCOUNTS_DB_FILE } from "./app/collections";
import { AdminEmails, parseAdminEmails } from "./domain/admin-emails";


export const USAGE = "usage: npm run admin -- grant <email> | revoke <email> | list";
export const EXIT = { ok: 0, refused: 1, usage: 64 } as const;

type Command = (admins: Admins, args: string[], output: CliOutput) => Promise<void>;

const COMMANDS: Record<string, { arity: number; run: Command }> = {
  grant: { arity: 1, run: grant },
  revoke: { arity: 1, run: revoke },
  list: { arity: 0, run: list },
};

/**
 * The admin CLI: grants, revokes and lists admins in the accounts store with the service's own code —
 * the one RECORD_STORE_URL names, as for the accounts service (default `sqlite`: accounts.db under
 * DATA_DIR, default ./.data; or the service's `mongodb://…` database). SQLite WAL lets it run beside the
 * running product; the running service's outbox relay publishes the changes it enqueues. Resolves to the exit code.
 */
export async function runAdminCli(args: readonly string[], environment: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const [name = "", ...rest] = args;
  const command = COMMANDS[name];
  if (!command || rest.length !== command.arity) {
    output.err(USAGE);
    return EXIT.usage;
  }
  const url = environment.RECORD_STORE_URL?.trim() || "sqlite";
  if (!isRecordStoreUrl(url)) {
    output.err(`RECORD_STORE_URL must be "sqlite", "sqlite:<file>" or a mongodb:// URL`);
    return EXIT.usage;
  }
  const dataDir = resolve(environment.DATA_DIR || "./.data");
  if (url.startsWith("sqlite")) await mkdir(dataDir, { recursive: true });
  const store = await openRecordStoreAt(url, { sqliteFile: join(dataDir, ACCOUNTS_DB_FILE), database: "qai-accounts" });
  try {
    await command.run(new Admins(store, new Outbox(), { adminEmails: new AdminEmails(parseAdminEmails(environment.ADMIN_EMAILS ?? "")) }), rest, output);
    return EXIT.ok;
  } catch (error) {
    if (!isAppError(error) || error.code === "internal") throw error;
    output.err(`refused: ${error.messageFor("en")}`);
    return EXIT.refused;
  } finally {
    await store.close();
  }
}

async function grant(admins: Admins, [email = ""]: string[], output: CliOutput): Promise<void> {
  const { pending } = await admins.setAdmin({ email }, true);
  output.out(pending ? `${email} has no account yet; it will be an admin from its first sign-in.` : `${email} is now an admin.`);
}

async function revoke(admins: Admins, [email = ""]: string[], output: CliOutput): Promise<void> {
  await admins.setAdmin({ email }, false);
  output.out(`${email} is no longer an admin.`);
}

async function list(admins: Admins, _args: string[], output: CliOutput): Promise<void> {
  const { admins: granted, pendingEmails, configuredEmails } = await admins.list();
  if (granted.length + pendingEmails.length + configuredEmails.length === 0) {
    output.out("No admins yet. Grant one with: npm run admin -- grant <email>");
    return;
  }
  for (const profile of granted) output.out(`${profile.email}\tadmin\t(user ${profile.id})`);
  for (const email of pendingEmails) output.out(`${email}\tpending\t(applied at first sign-in)`);
  for (const email of configuredEmails) output.out(`${email}\tconfigured\t(ADMIN_EMAILS)`);
}
