import { runAdminCli } from "../../accounts/src/admin-cli";
import { signUp, startTestProduct, type TestProduct } from "./test-product";
import { fuzzProduct, type Credentials } from "./fuzz/run";

/**
 * Fuzzes every operation of the product's own OpenAPI document (/api/openapi.json) as a guest, a
 * user, an admin, nobody and a forger: valid-ish and broken inputs, odd strings, odd content types,
 * charsets and encodings, malformed path escapes. No response may be a 5xx (or hang), and every
 * error must carry a readable message. `FUZZ_RUNS` cases per operation (a small sample here;
 * `make fuzz` sends 1,000), `FUZZ_SEED` to replay a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const ADMIN = "fuzz-admin@example.com";

let running: TestProduct;
let credentials: Credentials;

beforeAll(async () => {
  running = await startTestProduct({ env: { GUEST_QUESTION_LIMIT: "1000", USER_DAILY_QUESTION_LIMIT: "10000", GUEST_IP_DAILY_QUESTION_LIMIT: "1000000" } });
  const guest = await fetch(`${running.base}/api/guest-session`, { method: "POST" });
  const [user, admin] = [await signUp(running.base, "fuzz-user@example.com"), await signUp(running.base, ADMIN)];
  // As an operator would: `npm run admin -- grant`; the first sync takes the grant.
  const quiet = { out: () => undefined, err: () => undefined };
  expect(await runAdminCli(["grant", ADMIN], { DATA_DIR: running.dataDir }, quiet)).toBe(0);
  await fetch(`${running.base}/api/users`, { method: "POST", headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" }, body: "{}" });
  credentials = { guestCookie: guest.headers.get("set-cookie")!.split(";")[0]!, userToken: user.token, adminToken: admin.token };
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

test(`no 5xx from ${RUNS} generated cases per API operation (seed ${SEED})`, async () => {
  const document = (await (await fetch(`${running.base}/api/openapi.json`)).json()) as Parameters<typeof fuzzProduct>[0]["document"];
  const admin = await fetch(`${running.base}/api/admin/check`, { headers: { authorization: `Bearer ${credentials.adminToken}` } });
  expect(await admin.json()).toEqual({ isAdmin: true });

  const report = await fuzzProduct({ base: running.base, credentials, document, runs: RUNS, seed: SEED });

  const operations = Object.keys(report.byOperation);
  expect(operations.length).toBe(Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0));
  expect(Math.min(...Object.values(report.byOperation))).toBe(RUNS);
  if (process.env.FUZZ_REPORT) console.log(JSON.stringify({ seed: SEED, cases: report.cases, statuses: report.statuses }, null, 2));
  // Every finding, with the request that caused it (replay with FUZZ_SEED).
  expect(report.findings.slice(0, 20)).toEqual([]);
}, Number(process.env.FUZZ_TIMEOUT_MS ?? 120_000));
