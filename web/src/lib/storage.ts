/**
 * The keys the app keeps in localStorage (spec §9: language, app-theme, theme; spec §4: the flags
 * cleared on a fresh login and set on sign-up). Access never throws: storage may be disabled.
 */
export const STORAGE_KEYS = {
  language: "language",
  appTheme: "app-theme",
  theme: "theme",
  splashSeen: "splash-seen",
  newUser: "new-user",
  onboardingCompleted: "onboarding-completed",
  sessionStart: "session-start-time",
} as const;

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the value still holds for this page.
  }
}

export function removeLocal(...keys: string[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
