import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

/** The repository root. */
export const REPO = join(__dirname, "..", "..");

/** What scripts/install-deploy-tools.sh installs, where it puts it. */
const TOOLS_DIR = join(process.env.QAI_CACHE?.trim() || join(homedir(), ".cache", "qai"), "deploy-tools");
export const tools = {
  helm: join(TOOLS_DIR, "bin", "helm"),
  kustomize: join(TOOLS_DIR, "bin", "kustomize"),
  kubernetesValidate: join(TOOLS_DIR, "bin", "kubernetes-validate"),
  checkJsonschema: join(TOOLS_DIR, "bin", "check-jsonschema"),
  python: join(TOOLS_DIR, "bin", "python"),
  composeSchema: join(TOOLS_DIR, "compose-spec.json"),
};

/**
 * Why the deployment suites cannot run, or undefined when they can. Missing tools skip them (named
 * with the reason) unless QAI_REAL_SERVERS=1 or CI require them (as .ci/run does after installing them):
 * then they run and fail.
 */
export function deployToolsSkipReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const missing = Object.entries(tools)
    .filter(([, path]) => !existsSync(path))
    .map(([name]) => name);
  if (missing.length === 0 || env.QAI_REAL_SERVERS === "1" || env.CI === "true") return undefined;
  return `${missing.join(", ")} not installed: run scripts/install-deploy-tools.sh, or set QAI_REAL_SERVERS=1 to require them`;
}

/** `describe(name, body)` when the tools are installed (or required), else one skipped test naming the reason. */
export function describeWithDeployTools(name: string, body: () => void): void {
  const skipReason = deployToolsSkipReason();
  if (skipReason) {
    describe(name, () => {
      it.skip(`skipped: ${skipReason}`, () => undefined);
    });
  } else {
    describe(name, body);
  }
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], input?: string): Run {
  const result = spawnSync(command, args, { cwd: REPO, input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") throw new Error(`${command} is missing: run scripts/install-deploy-tools.sh`);
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A Kubernetes object as rendered (only the fields the tests read are typed). */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Every document of a YAML stream, through the tools' Python (PyYAML, merge keys resolved). */
export function parseYamlStream<T>(yaml: string): T[] {
  const code = "import json, sys, yaml; json.dump([d for d in yaml.safe_load_all(sys.stdin) if d is not None], sys.stdout)";
  const parsed = run(tools.python, ["-c", code], yaml);
  if (parsed.status !== 0) throw new Error(`YAML could not be read: ${parsed.stderr}`);
  return JSON.parse(parsed.stdout) as T[];
}

/** Writes text to a new temporary file and returns its path. */
export function tempFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "qai-deploy-")), name);
  writeFileSync(file, text);
  return file;
}
