/** Where a command-line program writes its lines (stdout and stderr, or a test's buffers). */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

export type CliProgram = (args: readonly string[], environment: NodeJS.ProcessEnv, output: CliOutput) => Promise<number>;

/** Runs `program` as this process: its lines to stdout/stderr, its result as the exit code, a crash as `error: …` and 1. */
export function runAsMain(program: CliProgram): void {
  program(process.argv.slice(2), process.env, {
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
}
