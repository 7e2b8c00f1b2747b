import { normalizeArabic } from "../analysis/normalize";
import { regimeTerms } from "./special-regime";

/**
 * What kind of instrument a law is, read from its title:
 * - `general`: a law (نظام …) that governs a field for everyone — Labor, Civil Transactions, Companies…;
 * - `regulation`: an implementing regulation, rules or arrangements (اللائحة …، القواعد …، الترتيبات …);
 * - `special`: the organisation of one body, fund or programme (تنظيم هيئة …، النظام الأساسي لـ …، نظام مجلس …);
 * - `regime`: a special regime inside a general law's field (ships, aircraft, finance leases…; see `regimeTerms`).
 * A question that names no body or special regime is answered from the general law first.
 */
export type LawKind = "general" | "regulation" | "special" | "regime";

const REGULATION = /^(اللايحه|لايحه|القواعد|قواعد|الضوابط|ضوابط)\s/u;
/** Titles that set up one body or programme ("تنظيم الهيئة العامة …", "الترتيبات التنظيمية للمركز …"). */
const SPECIAL = /^(تنظيم|التنظيم الخاص|الترتيبات التنظيميه|انشاء|هييه|النظام الاساس(ي)? ل(?!لحكم))/u;
/**
 * "نظام <body>": a law whose subject is one body or one kind of body ("نظام مجلس الشورى", "نظام الكليات العسكرية"),
 * or the service of one class of personnel ("نظام خدمة الضباط", "نظام خدمة الأفراد": the military's staff rules, as a body's staff rules;
 * "نظام الأئمة والمؤذنين وخدم المساجد": the mosques' staff).
 */
const BODY_LAW = /^نظام (خدمه|(ال)?(هييه|هييات|مجلس|مركز|مؤسسه|صندوق|جمعيه|ديوان|وكاله|بنك|داره|مجمع|معهد|مدينه|نقابه|رياسه|مكتبه|جامعه|كليات|كليه|ايمه))\s/u;

export function lawKind(lawName: string): LawKind {
  const name = normalizeArabic(lawName.replace(/\u0640/g, ""));
  if (REGULATION.test(`${name} `)) return "regulation";
  if (SPECIAL.test(name) || BODY_LAW.test(`${name} `)) return "special";
  if (regimeTerms(lawName)) return "regime";
  return "general";
}
