/** What several benches ask of a product they started: its memory (a child process) and guest cookies. */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";

/** `process.memoryUsage()` of the child, as it answers the "memory" message (see ask-server.ts). */
export type Memory = NodeJS.MemoryUsage;

export async function memoryOf(child: ChildProcess): Promise<Memory> {
  child.send("memory");
  for (;;) {
    const [message] = (await once(child, "message")) as [{ memory?: Memory }];
    if (message.memory) return message.memory;
  }
}

/** A new guest session's cookie ("name=value"). */
export async function guestCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/guest-session`, { method: "POST" });
  await response.text();
  return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
}
