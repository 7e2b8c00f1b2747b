import { AppError } from "@qai/platform";

/** Spec §2 Themes: the product-branded default, boe (Saudi government), dark, light, green, purple. */
export const THEME_IDS = ["default", "boe", "dark", "light", "green", "purple"] as const;

export type ThemeId = (typeof THEME_IDS)[number];

export function requireThemeId(value: string): ThemeId {
  const theme = THEME_IDS.find((id) => id === value);
  if (theme) return theme;
  throw new AppError("invalid_argument", `unknown theme ${JSON.stringify(value)}`, {
    userMessage: {
      en: `Unknown theme. Choose one of: ${THEME_IDS.join(", ")}.`,
      ar: `سمة غير معروفة. اختر إحدى السمات: ${THEME_IDS.join("، ")}.`,
    },
  });
}
