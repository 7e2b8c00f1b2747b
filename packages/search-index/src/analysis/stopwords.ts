import { normalizeArabic } from "./normalize";

/** Function words, pronouns and question words; compared after normalisation. */
const ARABIC = `
في من على إلى الى عن مع ما ماذا متى كيف هل لماذا أين اين كم أي أيّ أية ايه منذ حتى ثم أو او أم بل لكن لكنّ
إن أن إنّ أنّ كان كانت يكون تكون يكن تكن كانوا يكونوا أكون نكون كنت ليس ليست لست لسنا ليسوا لستم لا لم لن قد إذا اذا إذ لو لولا إلا الا سوى غير
هو هي هم هن هما أنت أنا نحن انت انا أنتم ذلك تلك هذا هذه هؤلاء أولئك ذلكم هنا هناك
الذي التي الذين اللذان اللتان اللاتي اللواتي اللائي
به بها بهم بهما له لها لهم لهما فيه فيها فيهم منه منها منهم عليه عليها عليهم إليه إليها إليهم عنه عنها عنهم
لهذا لهذه بهذا بهذه وهذا وهذه كهذا لذلك بذلك وذلك لتلك بتلك
مني عني لي لنا بنا علينا منا عنا إلينا فينا معي معه معها معهم معنا بي عندي عندنا عنده عندها الآن الان فقط
بين عند عندما لدى لدي حيث كل كلا بعض أيضا ايضا كما مثل بما لما مما فيما عما بمن لمن ممن عمن
`;

/** Generic legal-question filler ("وفقًا لـ", "ما المقصود بـ"); measured on the dev questions (see README). */
const ARABIC_QUESTION_FILLER = `وفقا وفق حسب بحسب المقصود بـ ب`;

const ENGLISH = `
a an the and or but if then else of in on at to from by for with without about into onto over under
upon within between through during before after above below up down out off than as so such
is are was were be been being am do does did doing have has had having can could may might must
shall should will would i me my we our you your he him his she her it its they them their this that
these those there here what which who whom whose when where why how whether any all some each every
no not nor only own same other more most very just also too one ones s t
many much long often get gets got getting make makes made need needs want wants know happen happens happened
give gives given take takes like still ever even again per via way ways thing things someone anyone anything
something mine myself yourself let lets say says said go goes going come comes
saudi arabia ksa kingdom according please tell explain regarding
m ve ll re d doesn don didn isn aren wasn won can cannot still anymore without forever actually really
`;

function wordSet(...lists: string[]): ReadonlySet<string> {
  return new Set(lists.join(" ").split(/\s+/).filter(Boolean).map(normalizeArabic));
}

const ARABIC_STOP_WORDS = wordSet(ARABIC, ARABIC_QUESTION_FILLER);
const ENGLISH_STOP_WORDS = wordSet(ENGLISH);

/** Words that read as و + a stop word but are words of their own: "ولي" (a guardian), not "و لي". */
const CONTENT_WORDS = wordSet("ولي");

/** `word` is normalised; a stop word with the conjunction و ("وكيف", "وما") is one too. */
export function isArabicStopWord(word: string): boolean {
  if (CONTENT_WORDS.has(word)) return false;
  return ARABIC_STOP_WORDS.has(word) || ((word.startsWith("و") || word.startsWith("ف")) && ARABIC_STOP_WORDS.has(word.slice(1)));
}

/** `word` is lower-cased. */
export function isEnglishStopWord(word: string): boolean {
  return ENGLISH_STOP_WORDS.has(word);
}
