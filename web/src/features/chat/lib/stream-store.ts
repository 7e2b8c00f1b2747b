import { useSyncExternalStore } from "react";

/**
 * The text of the answer being streamed, outside React state: only the streaming bubble subscribes,
 * so a chunk re-renders that one component, never the message list (spec: typing stays smooth).
 * `null` means no answer is being streamed.
 */
export class StreamStore {
  private text: string | null = null;
  private readonly listeners = new Set<() => void>();

  get = (): string | null => this.text;

  set(text: string | null): void {
    if (text === this.text) return;
    this.text = text;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function useStreamText(store: StreamStore): string | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
