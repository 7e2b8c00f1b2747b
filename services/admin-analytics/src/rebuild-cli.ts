import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import type { CliOutput } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { ANALYTICS_DB_FILE, articles, audit, gapGroups, laws, questionGroups } from "./app/collections";
import { rebuild } from "./app/rebuild";
import { createAnalyticsApp } from "./index";


const USAGE = "usage: node services/admin-analytics/dist/rebuild.js [--data-dir DIR]   (default: $DATA_DIR, else ./.data)";
export const EXIT = { ok: 0, failed: 1, usage: 64 } as const;

/**
 * Rebuilds the admin-analytics read models of the store under the data directory from its event
 * log, printing the figures before and after. Run it while the service is stopped: the rebuild is
 * one transaction, and a running service's consumers wait for it. Resolves to the exit code.
 */
export async function runRebuildCli(args: readonly string[], environment: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const dataDir = dataDirOf(args, environment);
  if (dataDir === undefined) {
    output.err(USAGE);
    return EXIT.usage;
  }
  const file = join(resolve(dataDir), ANALYTICS_DB_FILE);
  if (!existsSync(file)) {
    output.err(`no ${ANALYTICS_DB_FILE} in ${resolve(dataDir)}: nothing to rebuild`);
    return EXIT.failed;
  }
  const store = await openSqliteRecordStore({ file });
  try {
    const before = await figuresOf(store);
    const started = performance.now();
    const replayed = await rebuild(store);
    const seconds = (performance.now() - started) / 1000;
    const after = await figuresOf(store);
    output.out(`${"figure".padEnd(32)}${"before".padStart(12)}${"after".padStart(12)}`);
    for (const [label, value] of before) output.out(`${label.padEnd(32)}${String(value).padStart(12)}${String(after.get(label)).padStart(12)}`);
    output.out(`replayed ${replayed} events from the event log in ${seconds.toFixed(1)} s`);
    return EXIT.ok;
  } finally {
    await store.close();
  }
}

function dataDirOf(args: readonly string[], environment: NodeJS.ProcessEnv): string | undefined {
  if (args.length === 0) return environment.DATA_DIR || "./.data";
  if (args.length === 2 && args[0] === "--data-dir" && args[1]) return args[1];
  return undefined;
}

/** The headline figures of every dashboard, as the calls report them (90 days for the period's). */
async function figuresOf(store: RecordStore): Promise<Map<string, string | number>> {
  const app = createAnalyticsApp(store);
  const general = await app.general.general();
  const feedback = await app.general.feedback();
  const userStats = await app.users.stats();
  const insights = await app.insights.report(90, 1);
  return new Map<string, string | number>([
    ["questions (all time)", general.totalQuestions],
    ["conversations", general.totalConversations],
    ["questions today", general.questionsToday],
    ["likes", feedback.likes],
    ["dislikes", feedback.dislikes],
    ["registered users", userStats.totalRegistered],
    ["active this week", userStats.activeThisWeek],
    ["active today", userStats.activeToday],
    ["questions, 90 days", insights.totals.questions],
    ["  arabic / english", `${insights.totals.arabic} / ${insights.totals.english}`],
    ["  guests / registered", `${insights.totals.guests} / ${insights.totals.registered}`],
    ["  gaps", insights.totals.gaps],
    ["question groups", await questionGroups(store).count()],
    ["gap groups", await gapGroups(store).count()],
    ["laws", await laws(store).count()],
    ["articles cited", await articles(store).count()],
    ["audit entries", await audit(store).count()],
  ]);
}
