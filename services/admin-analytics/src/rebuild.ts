import { runRebuildCli } from "./rebuild-cli";

// `node services/admin-analytics/dist/rebuild.js [--data-dir DIR]`; see rebuild-cli.ts.
runRebuildCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
