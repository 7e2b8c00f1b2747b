import { serverMessage } from "../../../api/client";
import { toast } from "../../../lib/toast";

/** A result the manager reports: in its result panel and as a toast (spec §8). */
export interface Outcome {
  tone: "success" | "error" | "info";
  title: string;
  description?: string;
  /** Extra lines (e.g. the first 3 failed files). */
  details?: string[];
}

export type Notify = (outcome: Outcome) => void;

/** Shows an outcome as a toast; the manager also keeps it in its result panel. */
export function toastOutcome(outcome: Outcome): void {
  toast({
    title: outcome.title,
    description: outcome.description,
    variant: outcome.tone === "error" ? "destructive" : outcome.tone === "success" ? "success" : "default",
  });
}

/** The server's own message for a failed call, else the fallback (spec §8). */
export function errorText(error: unknown, language: string, fallback: string): string {
  return serverMessage(error, language) ?? fallback;
}
