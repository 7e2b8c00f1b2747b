import { readdirSync } from "node:fs";
import { arabicInEnglish } from "@qai/chat";
import { TestClient } from "./http-client";
import { LAWS_DIR, startTestProduct, type TestProduct } from "./test-product";

const LABOR_LAW = "08381293-6388-48e2-8ad2-a9a700f2aa94";

/**
 * The everyday questions people ask most, over the whole knowledge base (498 laws): each must lead
 * with the Labor Law and the article that decides it, state the figure, and — in English — keep Arabic
 * out of English sentences.
 */
const CORE: ReadonlyArray<{ topic: string; articles: number[]; figure: RegExp; ar: string; en: string }> = [
  { topic: "annual leave", articles: [109], figure: /واحد وعشرين|21 days/, ar: "كم مدة الإجازة السنوية المستحقة للعامل؟", en: "How many days of annual leave is a worker entitled to?" },
  { topic: "termination without notice", articles: [80], figure: /.+/, ar: "متى يجوز لصاحب العمل فسخ العقد دون مكافأة أو إشعار العامل؟", en: "When can an employer terminate a worker without notice or end-of-service award?" },
  { topic: "notice period", articles: [75], figure: /ستين يوم|ثلاثين يوم|60 days|30 days/, ar: "ما مدة الإشعار لإنهاء عقد العمل غير محدد المدة؟", en: "What is the notice period to end an open-ended employment contract?" },
  { topic: "end of service on resignation", articles: [85, 84], figure: /ثلث|ثلثي|سنتين|عشر سنوات|2 years|10 years/, ar: "كم يستحق العامل من مكافأة نهاية الخدمة إذا استقال؟", en: "How much end-of-service award does a worker get if he resigns?" },
  { topic: "sick leave", articles: [117], figure: /ثلاثين يوم|30 days/, ar: "كم مدة الإجازة المرضية المستحقة للعامل بأجر؟", en: "How much paid sick leave does a worker get?" },
];

/** English everyday questions over many laws (our own wording; the dev set's are checked by `make eval`). */
const ENGLISH_QUESTIONS = [
  "My landlord wants to raise the rent in the middle of the lease. Can he?",
  "Can my employer keep my passport?",
  "How is an inheritance split between a son and a daughter?",
  "What happens if I bounce a cheque?",
  "Can a company fire a pregnant employee?",
  "Is sending threatening messages online a crime?",
  "Who gets custody of the children after a divorce?",
  "What is the capital of France?",
];

describe("everyday questions over the whole knowledge base", () => {
  let running: TestProduct;

  beforeAll(async () => {
    running = await startTestProduct({ lawFiles: readdirSync(LAWS_DIR).filter((name) => name.endsWith(".json")), env: { GUEST_QUESTION_LIMIT: "100", GUEST_IP_DAILY_QUESTION_LIMIT: "100" } });
  }, 120_000);
  afterAll(() => running?.stop());

  async function ask(question: string, language: "ar" | "en") {
    const client = new TestClient(running.base);
    await client.request("POST", "/api/guest-session");
    const { events } = await client.ask({ question, language, conversationId: null });
    return events[events.length - 1] as { content: string; citations: Array<{ lawId: string; articleNumber: number }> };
  }

  const cases = CORE.flatMap((core) => (["ar", "en"] as const).map((language) => [core.topic, language, core] as const));

  async function expectRightAnswer(language: "ar" | "en", core: (typeof CORE)[number]): Promise<void> {
    const answer = await ask(core[language], language);
    expect(answer.citations[0]?.lawId).toBe(LABOR_LAW);
    expect(core.articles).toContain(answer.citations[0]?.articleNumber);
    expect(answer.content.slice(0, 900)).toMatch(core.figure);
    if (language === "en") expect(arabicInEnglish(answer.content)).toEqual([]);
  }

  it.each(cases)("%s (%s) leads with the Labor Law article that decides it and states the figure", (_topic, language, core) => expectRightAnswer(language, core));

  it("keeps Arabic out of English sentences for English everyday questions", async () => {
    for (const question of ENGLISH_QUESTIONS) {
      const answer = await ask(question, "en");
      expect({ question, mixed: arabicInEnglish(answer.content) }).toEqual({ question, mixed: [] });
    }
  });
});
