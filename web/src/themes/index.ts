import { readLocal, STORAGE_KEYS, writeLocal } from "../lib/storage";

/** The theme ids the server accepts too (services/accounts THEME_IDS). */
export const THEME_IDS = ["default", "boe", "dark", "light", "green", "purple"] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const DEFAULT_THEME: ThemeId = "default";

/** A theme entry (spec §2): id, name, description (i18n keys in `settingsTheme`), four colours, isDefault. */
export interface ThemeEntry {
  id: ThemeId;
  /** Key under `themes.<id>.name` / `.description` in the settingsTheme namespace. */
  colors: { primary: string; secondary: string; accent: string; background: string };
  isDefault: boolean;
}

export const THEMES: readonly ThemeEntry[] = [
  { id: "default", colors: { primary: "#0f2a44", secondary: "#0f766e", accent: "#c9a227", background: "#f4f6f9" }, isDefault: true },
  { id: "boe", colors: { primary: "#006c35", secondary: "#00573f", accent: "#b8860b", background: "#f5f7f5" }, isDefault: false },
  { id: "dark", colors: { primary: "#0b1220", secondary: "#2dd4bf", accent: "#e3b341", background: "#0f172a" }, isDefault: false },
  { id: "light", colors: { primary: "#1e3a8a", secondary: "#1d4ed8", accent: "#b45309", background: "#ffffff" }, isDefault: false },
  { id: "green", colors: { primary: "#14532d", secondary: "#15803d", accent: "#ca8a04", background: "#f3f8f4" }, isDefault: false },
  { id: "purple", colors: { primary: "#3b0764", secondary: "#7e22ce", accent: "#d4a017", background: "#f8f5fc" }, isDefault: false },
];

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === "string" && (THEME_IDS as readonly string[]).includes(value);
}

/** The stored theme (`app-theme`, falling back to `theme`), else the default. */
export function storedTheme(): ThemeId {
  const value = readLocal(STORAGE_KEYS.appTheme) ?? readLocal(STORAGE_KEYS.theme);
  return isThemeId(value) ? value : DEFAULT_THEME;
}

/** The theme on screen now. */
export function currentTheme(): ThemeId {
  const value = document.documentElement.dataset.theme;
  return isThemeId(value) ? value : DEFAULT_THEME;
}

const listeners = new Set<(theme: ThemeId) => void>();

export function subscribeTheme(listener: (theme: ThemeId) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a theme (CSS variables through `data-theme` on <html>) and stores it locally (`app-theme`, `theme`). */
export function applyTheme(theme: ThemeId, { persist = true }: { persist?: boolean } = {}): void {
  document.documentElement.dataset.theme = theme;
  const meta = document.querySelector('meta[name="theme-color"]');
  const entry = THEMES.find((t) => t.id === theme);
  if (meta && entry) meta.setAttribute("content", entry.colors.primary);
  if (persist) {
    writeLocal(STORAGE_KEYS.appTheme, theme);
    writeLocal(STORAGE_KEYS.theme, theme);
  }
  listeners.forEach((listener) => listener(theme));
}
