/**
 * The kill -9 drill (issue 15, item 9), against a running local cluster (deploy/local/cluster.sh;
 * `make cluster-drill` starts one of its own, runs this and stops it). Each trial: every drill user
 * asks a question at once (unique text), one earlier user deletes their account, and after a random
 * 0–400 ms a random service gets SIGKILL; the supervisor restarts it; the next trial waits until the
 * restarted process serves and /readyz is 200. A user retires after 8 asks (its asks are checked in
 * conversation then) and is deleted in a later trial. Then, once the outboxes are empty and every
 * reservation lease has run out: each accepted question (its userMessage event arrived) is stored
 * exactly once, each event published during the drill was applied by each consumer group, once,
 * nothing was dead-lettered, no quota unit is stuck, and the deleted users are gone.
 *
 *   npx tsx --tsconfig tsconfig.test.json bench/cluster-drill.ts [--trials 50] [--users 4]
 *     [--dir .data/local/cluster] [--port 8080] [--lease-ms 600000] [--kafka 127.0.0.1:9092] [--redis redis://127.0.0.1:6379]
 *
 * --lease-ms is the cluster's QUOTA_RESERVATION_LEASE_MS: an answer cut short by a killed gateway
 * keeps its reservation open until then. Exit code 1 when a check fails.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { connectRedis } from "@qai/platform";
import { askAs, CLUSTER_SERVICES, recordsOf, serviceReady, servicePid, type ClusterService } from "../services/all-in-one/test/cluster-harness";
import { signUp, type SignedUp } from "../services/all-in-one/test/test-product";
import { checkConversation, checkEvents, checkQuota, endOffsets, recordsBetween, storedAsks, type Ask, type StoredAsk } from "./cluster-drill-checks";

const { values } = parseArgs({
  options: {
    trials: { type: "string", default: "50" },
    users: { type: "string", default: "4" },
    dir: { type: "string", default: ".data/local/cluster" },
    port: { type: "string", default: process.env.QAI_PORT ?? "8080" },
    "lease-ms": { type: "string", default: "600000" },
    kafka: { type: "string", default: `127.0.0.1:${process.env.KAFKA_PORT ?? 9092}` },
    redis: { type: "string", default: `redis://127.0.0.1:${process.env.REDIS_PORT ?? 6379}` },
  },
});
const TRIALS = Number(values.trials);
const USERS = Number(values.users);
const DIR = values.dir;
const BASE = `http://127.0.0.1:${values.port}`;
const LEASE_MS = Number(values["lease-ms"]);
/** Asks per user before it is retired (and deleted in a later trial): below the daily budget of 20. */
const ASKS_PER_USER = 8;
const RUN = randomUUID().slice(0, 8);

const log = (message: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${message}`);

/** /readyz: 200, or the backends it reports not serving. */
async function readyz(): Promise<{ ready: boolean; down: string[] }> {
  try {
    const response = await fetch(`${BASE}/readyz`, { signal: AbortSignal.timeout(3000) });
    const { services = {} } = (await response.json()) as { services?: Record<string, string> };
    return { ready: response.status === 200, down: Object.keys(services).filter((name) => services[name] !== "serving") };
  } catch {
    return { ready: false, down: ["gateway"] };
  }
}

/**
 * Until the killed service runs again (a new pid), says it is ready itself (its own health check:
 * /readyz lags a restart by design) and /readyz agrees, for 2 s; returns the wait and the backends
 * /readyz reported down meanwhile.
 */
async function recovered(service: ClusterService, killedPid: number, timeoutMs = 180_000): Promise<{ ms: number; down: string[] }> {
  const started = Date.now();
  const down = new Set<string>();
  let readySince: number | undefined;
  while (Date.now() - started < timeoutMs) {
    const pid = servicePid(DIR, service);
    const health = await readyz();
    health.down.forEach((name) => down.add(name));
    if (pid !== undefined && pid !== killedPid && health.ready && (await serviceReady(DIR, service))) {
      readySince ??= Date.now();
      if (Date.now() - readySince >= 2000) return { ms: Date.now() - started, down: [...down] };
    } else readySince = undefined;
    await sleep(250);
  }
  throw new Error(`${service} did not recover within ${timeoutMs} ms (down: ${[...down].join(", ")})`);
}

/** Retries while the cluster is recovering (auth or accounts may be the one restarting). */
async function retrying<T>(what: string, work: () => Promise<T>, attempts = 60): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
      await sleep(1000);
    }
  }
}

async function newUser(index: number): Promise<SignedUp> {
  const user = await retrying("sign-up", () => signUp(BASE, `drill-${RUN}-${index}@example.com`));
  await retrying("profile", async () => {
    const response = await fetch(`${BASE}/api/users`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, authProviderId: user.userId, firstName: "Drill", lastName: "User" }),
    });
    if (response.status !== 200) throw new Error(`POST /api/users: ${response.status}`);
  });
  return user;
}

/** DELETE /api/users/account: true when it answered deleted, false when it surely did not, undefined when unknown. */
async function deleteAccount(user: SignedUp): Promise<boolean | undefined> {
  try {
    const response = await fetch(`${BASE}/api/users/account`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ authProviderId: user.userId }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as { deleted?: boolean };
    return response.status === 200 && body.deleted === true ? true : undefined;
  } catch {
    return undefined;
  }
}

async function ask(user: SignedUp, question: string): Promise<Ask & { status: number }> {
  try {
    const { status, events } = await askAs(BASE, user.token, user.userId, question, AbortSignal.timeout(60_000));
    const complete = events.find((event) => event.isComplete === true);
    return { user: user.userId, question, status, accepted: events.some((event) => event.type === "userMessage"), ...(complete ? { answerId: String(complete.messageId) } : {}) };
  } catch {
    return { user: user.userId, question, status: 0, accepted: false };
  }
}

async function main(): Promise<void> {
  if (!(await readyz()).ready) throw new Error(`no cluster ready at ${BASE} (deploy/local/cluster.sh start, or make cluster-drill)`);
  const startOffsets = await endOffsets(values.kafka);
  let created = 0;
  const active: Array<{ user: SignedUp; asks: number }> = [];
  for (let i = 0; i < USERS; i++) active.push({ user: await newUser(created++), asks: 0 });
  const retired: SignedUp[] = [];
  const asks: Ask[] = [];
  /** Read at retirement, before the user's deletion removes them. */
  const checked: StoredAsk[] = [];
  const statuses = new Map<number, number>();
  const deleted = new Set<string>();
  const unsure = new Set<string>();
  const kills: Record<string, number> = {};
  const recoveries: number[] = [];
  const recoveryBy: Record<string, number[]> = {};
  const started = Date.now();

  for (let trial = 1; trial <= TRIALS; trial++) {
    const victim = CLUSTER_SERVICES[Math.floor(Math.random() * CLUSTER_SERVICES.length)]!;
    const leaving = retired.shift();
    const work = Promise.all([
      ...active.map(({ user }, i) => ask(user, `drill ${RUN} t${trial} u${i}: ما هي مدة فترة التجربة للعامل؟`)),
      leaving ? deleteAccount(leaving) : Promise.resolve(false),
    ]);
    await sleep(Math.random() * 400);
    const pid = servicePid(DIR, victim);
    if (pid !== undefined) process.kill(pid, "SIGKILL");
    kills[victim] = (kills[victim] ?? 0) + 1;
    const results = await work;
    const deletion = results.pop() as boolean | undefined;
    if (leaving) (deletion === true ? deleted : unsure).add(leaving.userId);
    for (const result of results as Array<Ask & { status: number }>) {
      asks.push(result);
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
    }
    const recovery = await recovered(victim, pid ?? -1);
    recoveries.push(recovery.ms);
    recoveryBy[victim] = [...(recoveryBy[victim] ?? []), recovery.ms];
    for (const entry of active) entry.asks += 1;
    for (let i = 0; i < active.length; i++) {
      if (active[i]!.asks < ASKS_PER_USER) continue;
      const leaving = active[i]!.user;
      checked.push(...storedAsks(DIR, asks.filter((a) => a.user === leaving.userId)));
      retired.push(leaving);
      active[i] = { user: await newUser(created++), asks: 0 };
    }
    log(`trial ${trial}/${TRIALS}: killed ${victim} (pid ${pid}); ${results.filter((r) => (r as Ask).accepted).length}/${results.length} accepted; ready again after ${recovery.ms} ms${recovery.down.length > 0 ? ` (/readyz reported down: ${recovery.down.join(", ")})` : ""}`);
  }
  const drillMs = Date.now() - started;

  log(`drill done in ${(drillMs / 1000).toFixed(0)} s; waiting for the outboxes, the consumers and the reservation lease (${LEASE_MS} ms)`);
  const quietBy = Date.now() + LEASE_MS + Math.max(1000, Math.min(60_000, LEASE_MS / 4)) + 5000;
  const outboxes = () => (["conversation", "accounts", "knowledge"] as const).reduce((sum, service) => sum + recordsOf(DIR, service, "outbox").length, 0);
  while (Date.now() < quietBy || outboxes() > 0) {
    if (Date.now() > quietBy + 120_000) break;
    await sleep(1000);
  }
  const ids = await recordsBetween(values.kafka, startOffsets, await endOffsets(values.kafka));
  const events = checkEvents(DIR, ids);
  const retiredIds = new Set(checked.map((c) => c.ask.user));
  checked.push(...storedAsks(DIR, asks.filter((a) => !retiredIds.has(a.user))));
  const conversation = checkConversation(DIR, checked, deleted);
  const redis = await connectRedis(values.redis);
  const live = [...new Set(asks.map((a) => a.user))].filter((user) => !deleted.has(user) && !unsure.has(user));
  const quota = await checkQuota(DIR, redis, live);
  redis.disconnect();

  const sorted = [...recoveries].sort((a, b) => a - b);
  const report = {
    trials: TRIALS,
    drillSeconds: Math.round(drillMs / 1000),
    kills,
    recoveryMs: { median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), byService: Object.fromEntries(Object.entries(recoveryBy).map(([name, list]) => [name, Math.max(...list)])) },
    asks: { total: asks.length, accepted: asks.filter((a) => a.accepted).length, answered: asks.filter((a) => a.answerId).length, byStatus: Object.fromEntries(statuses) },
    users: { created, deleted: deleted.size, deletionUnknown: unsure.size },
    conversation,
    events,
    quota,
  };
  console.log(JSON.stringify(report, null, 2));
  const failures = [
    conversation.acceptedMissing > 0 && "accepted questions missing",
    conversation.storedTwiceOrMore > 0 && "questions stored twice",
    conversation.answersMissing > 0 && "answers missing",
    conversation.deletedUsersWithData > 0 && "deleted users still have data",
    Object.values(events.consumers).some((topics) => topics.some((t) => t.missing > 0)) && "events not applied",
    events.duplicateLogEntries > 0 && "events applied twice",
    events.deadLettered > 0 && "events dead-lettered",
    Object.values(events.outboxPending).some((n) => n > 0) && "outbox not drained",
    quota.unsettled > 0 && "reservations unsettled",
    quota.countersOff.length > 0 && "quota counters off",
  ].filter(Boolean);
  console.log(failures.length === 0 ? "all checks passed" : `FAILED: ${failures.join(", ")}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
