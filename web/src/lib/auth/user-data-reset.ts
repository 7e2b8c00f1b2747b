/**
 * Cached user data (the app's react-query cache) must be dropped when a user signs in or out. The
 * auth layer does not depend on that cache: whoever owns one (the app shell's query client, loaded
 * with the routes that use it) registers here, and the auth provider calls every listener.
 */
const listeners = new Set<() => void>();

/** Calls `listener` on every sign-in of a new user and every sign-out; returns the unsubscribe. */
export function onUserDataReset(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Drops every registered cache of user data. */
export function resetUserData(): void {
  listeners.forEach((listener) => listener());
}
