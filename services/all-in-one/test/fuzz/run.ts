import fc from "fast-check";
import { casesFor, operationsOf, type FuzzCase, type FuzzOperation, type Role } from "./cases";

/** How each role authenticates. */
export interface Credentials {
  guestCookie: string;
  userToken: string;
  adminToken: string;
}

/** A response the fuzzer objects to: a 5xx, a hang, or an error that is not `{ error, code }` JSON. */
export interface Finding {
  operation: string;
  status: number | "timeout" | "network" | "stream error";
  problem: string;
  case: Omit<FuzzCase, "body"> & { body?: string };
  response: string;
}

export interface FuzzReport {
  cases: number;
  byOperation: Record<string, number>;
  statuses: Record<string, number>;
  findings: Finding[];
}

export interface FuzzOptions {
  base: string;
  credentials: Credentials;
  document: Parameters<typeof operationsOf>[0];
  /** Generated cases per operation. */
  runs: number;
  seed: number;
  concurrency?: number;
  timeoutMs?: number;
}

/** Operations that take away what later cases need (the accounts, the knowledge base) run last. */
const LAST = ["POST /api/admin/knowledge/replace", "DELETE /api/admin/knowledge/delete-all", "DELETE /api/users/account"];
const rank = (operation: FuzzOperation) => LAST.indexOf(`${operation.method} ${operation.path}`);

function authHeaders(role: Role, credentials: Credentials): Record<string, string> {
  switch (role) {
    case "guest":
      return { cookie: credentials.guestCookie };
    case "user":
      return { authorization: `Bearer ${credentials.userToken}` };
    case "admin":
      return { authorization: `Bearer ${credentials.adminToken}` };
    case "forged":
      return { authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", cookie: "qai_guest=s%3Aforged.signature" };
    default:
      return {};
  }
}

function printable(fuzzCase: FuzzCase): Finding["case"] {
  const text = fuzzCase.body?.toString("utf8") ?? undefined;
  return { ...fuzzCase, body: text && text.length > 300 ? `${text.slice(0, 300)}… (${fuzzCase.body!.length} bytes)` : text };
}

async function send(options: FuzzOptions, operation: string, fuzzCase: FuzzCase): Promise<{ status: Finding["status"]; finding?: Finding }> {
  const finding = (status: Finding["status"], problem: string, response = ""): Finding => ({ operation, status, problem, case: printable(fuzzCase), response: response.slice(0, 500) });
  let response: Response;
  try {
    response = await fetch(`${options.base}${fuzzCase.url}`, {
      method: fuzzCase.method,
      headers: { ...fuzzCase.headers, ...authHeaders(fuzzCase.role, options.credentials) },
      body: fuzzCase.body ? new Uint8Array(fuzzCase.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { status: timedOut ? "timeout" : "network", finding: finding(timedOut ? "timeout" : "network", String(error)) };
  }
  const text = await response.text().catch((error: unknown) => `<body failed: ${String(error)}>`);
  if (response.status >= 500) return { status: response.status, finding: finding(response.status, "server error", text) };
  // A failure after an answer stream started is a 5xx in disguise: the stream ends with an error event.
  if (response.headers.get("content-type")?.startsWith("text/event-stream") && /^data: \{"error"/m.test(text)) {
    return { status: "stream error", finding: finding(response.status, "the answer stream ended with an error event", text.slice(-500)) };
  }
  if (response.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const error = (body as { error?: unknown } | undefined)?.error;
    if (typeof error !== "string" || !error) return { status: response.status, finding: finding(response.status, "error without a readable `error` message", text) };
  }
  return { status: response.status };
}

/** Generates `runs` cases per operation of the document (fast-check, seeded) and sends them all. */
export async function fuzzProduct(options: FuzzOptions): Promise<FuzzReport> {
  const operations = operationsOf(options.document).sort((a, b) => rank(a) - rank(b));
  const report: FuzzReport = { cases: 0, byOperation: {}, statuses: {}, findings: [] };
  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`;
    const cases = fc.sample(casesFor(operation), { numRuns: options.runs, seed: options.seed });
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const fuzzCase = cases[next++]!;
        const { status, finding } = await send(options, name, fuzzCase);
        report.cases++;
        report.byOperation[name] = (report.byOperation[name] ?? 0) + 1;
        report.statuses[String(status)] = (report.statuses[String(status)] ?? 0) + 1;
        if (finding) report.findings.push(finding);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  }
  return report;
}
