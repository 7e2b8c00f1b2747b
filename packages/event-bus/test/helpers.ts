import { randomUUID } from "node:crypto";
import type { EventEnvelope } from "../src/port";

export function event(topic: string, key: string, text: string, headers: Record<string, string> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    topic,
    key,
    type: "qai.test.v1.Text",
    payload: new TextEncoder().encode(text),
    occurredAt: new Date().toISOString(),
    headers,
  };
}

export function textOf(envelope: EventEnvelope): string {
  return new TextDecoder().decode(envelope.payload);
}

/** Resolves once `condition()` holds; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await delay(5);
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
