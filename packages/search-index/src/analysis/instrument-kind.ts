import { normalizeArabic } from "./normalize";

/** "التنظيم" with its article (and a preposition or conjunction): "وفقًا للتنظيم"، "في هذا التنظيم" (normalised). */
const THE_RULES = /(?:^|\s)[وف]?(?:ال|لل|بال)تنظيم(?=\s|$)/u;

/**
 * Whether the question speaks of "the rules" (التنظيم) without naming them: the instrument that organises one body
 * ("تنظيم الهيئة العامة للإحصاء"، "تنظيم المركز الوطني …"), as "النظام" is a law's. The bare verbal noun ("تنظيم
 * الإبلاغ": regulating the reporting) is not the instrument.
 */
export function speaksOfBodyRules(question: string): boolean {
  return THE_RULES.test(normalizeArabic(question));
}
