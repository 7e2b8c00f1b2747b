import { z } from "zod";

/** Start-up configuration is wrong: names every variable that is missing or invalid. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Reads configuration from environment variables with a zod object schema whose keys are the
 * variable names. Throws ConfigError naming each bad variable, so start-up stops with a clear message.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const relevant: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    relevant[key] = value === "" ? undefined : value;
  }
  const result = schema.safeParse(relevant);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "(environment)";
    const given = relevant[String(issue.path[0])];
    return given === undefined ? `${name} is required: ${issue.message}` : `${name}=${JSON.stringify(given)} is invalid: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** Common variable shapes. */
export const env = {
  port: (fallback?: number) => (fallback === undefined ? z.coerce.number().int().min(0).max(65535) : z.coerce.number().int().min(0).max(65535).default(fallback)),
  /** A host:port address of another service, e.g. KNOWLEDGE_ADDR=localhost:50051. */
  address: () => z.string().regex(/^[\w.-]+:\d+$/, "expected host:port"),
  boolean: (fallback: boolean) =>
    z
      .enum(["true", "false", "1", "0"])
      .default(fallback ? "true" : "false")
      .transform((v) => v === "true" || v === "1"),
  logLevel: () => z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where an adapter connects, e.g. RECORD_STORE_URL: `accepts` checks the form (the adapter's package says which). */
  adapterUrl: (fallback: string, accepts: (url: string) => boolean, expected: string) => z.string().trim().default(fallback).refine(accepts, { message: `expected ${expected}` }),
};

/**
 * Opens an adapter at start-up; when it cannot (a bad URL, nothing answers), stops start-up with a
 * ConfigError naming `variable` and the URL without its password.
 */
export async function openAdapter<T>(variable: string, url: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new ConfigError([`${variable}: cannot use ${redactUrl(url)}: ${(error as Error).message}`]);
  }
}

/** A URL fit for messages: its password replaced by ***. */
export function redactUrl(url: string): string {
  return url.replace(/^([\w+.-]+:\/\/[^:@/]*:)[^@/]*@/, "$1***@");
}
