import { readLocal, writeLocal } from "../../../lib/storage";

/** The advanced-settings toggles, kept in this browser only. */
export interface Preferences {
  darkMode: boolean;
  notifications: boolean;
  sound: boolean;
  autoSave: boolean;
}

export const PREFERENCES_KEY = "user-preferences";
export const DEFAULT_PREFERENCES: Preferences = { darkMode: false, notifications: true, sound: false, autoSave: true };

export function readPreferences(): Preferences {
  try {
    const raw = readLocal(PREFERENCES_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Preferences>) : {};
    const pick = (key: keyof Preferences) => (typeof parsed[key] === "boolean" ? parsed[key] : DEFAULT_PREFERENCES[key]);
    return { darkMode: pick("darkMode"), notifications: pick("notifications"), sound: pick("sound"), autoSave: pick("autoSave") };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function writePreferences(preferences: Preferences): void {
  writeLocal(PREFERENCES_KEY, JSON.stringify(preferences));
}
