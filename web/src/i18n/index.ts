import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { ar } from "./locales/ar";
import { en, type Messages } from "./locales/en";

export const LANGUAGES = ["ar", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ar";
/** localStorage key of the chosen language (spec §9). */
export const LANGUAGE_STORAGE_KEY = "language";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** The language currently shown (always one of ours). */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  document.title = i18n.t("app.documentTitle");
}

i18n.on("languageChanged", (lng) => {
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  applyToDocument(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted; the choice still holds for this page.
  }
});

void i18n.use(initReactI18next).init({
  resources: { ar: { translation: ar }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false, // resources are bundled: ready before the first render
});

export function setLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export { i18n };
