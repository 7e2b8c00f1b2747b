import i18n, { type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["ar", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ar";
/** localStorage key of the chosen language (spec §9). */
export const LANGUAGE_STORAGE_KEY = "language";
/** The namespace `useTranslation()` reads when none is named. */
export const DEFAULT_NAMESPACE = "common";

/**
 * Every `locales/<language>/<namespace>.ts` file (default export: a nested object of strings) is
 * loaded here; the namespace is the file name. Features read theirs with `useTranslation("<ns>")`.
 * Arabic files are typed `SameShape<typeof en>` (see ./types.ts) so both languages keep the same keys.
 */
const modules = import.meta.glob<LocaleModule>(["./locales/*/*.ts", "!./locales/*/admin*.ts"], { eager: true });
/** The admin screens' strings load with those screens (`loadAdminStrings`), not at start-up. */
const adminModules = import.meta.glob<LocaleModule>("./locales/*/admin*.ts");

interface LocaleModule {
  default: Record<string, unknown>;
}

function localeOf(path: string): { language: string; namespace: string } | undefined {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.ts$/.exec(path);
  return match ? { language: match[1]!, namespace: match[2]! } : undefined;
}

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(modules)) {
    const locale = localeOf(path);
    if (!locale) continue;
    resources[locale.language] ??= {};
    resources[locale.language]![locale.namespace] = module.default as Resource[string][string];
  }
  return resources;
}

let adminStrings: Promise<void> | undefined;

/** Adds the admin namespaces (both languages); the admin routes await it before they render. */
export function loadAdminStrings(): Promise<void> {
  adminStrings ??= Promise.all(
    Object.entries(adminModules).map(async ([path, load]) => {
      const locale = localeOf(path);
      if (locale) i18n.addResourceBundle(locale.language, locale.namespace, (await load()).default, true, true);
    }),
  ).then(() => undefined);
  return adminStrings;
}

const resources = buildResources();
export const NAMESPACES = Object.keys(resources.en ?? {});

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
  document.title = i18n.t("app.documentTitle", { ns: DEFAULT_NAMESPACE });
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
  resources,
  ns: NAMESPACES,
  defaultNS: DEFAULT_NAMESPACE,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false, // resources are bundled: ready before the first render
});

if (import.meta.env.DEV) {
  // The compiler checks Arabic files typed SameShape; this also catches a file missing in one language.
  for (const language of LANGUAGES) {
    for (const namespace of NAMESPACES) {
      if (!resources[language]?.[namespace]) console.error(`i18n: ${language}/${namespace}.ts is missing`);
    }
  }
}

export function setLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export { i18n };
