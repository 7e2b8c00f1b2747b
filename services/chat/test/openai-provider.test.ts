import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "@qai/platform";
import { OpenAiProvider } from "../src/providers/openai/provider";
import { CitationMarkerParser } from "../src/providers/openai/markers";
import type { GenerationEvent, GenerationRequest, SourceArticle } from "../src/providers/provider";
import { FakeOpenAi } from "./fake-openai";

const probation: SourceArticle = {
  id: "labor#53",
  lawId: "labor",
  lawName: "نظام العمل",
  lawNameEn: "Labor Law",
  articleNumber: 53,
  articleSuffix: "",
  articleTitle: "المادة الثالثة والخمسون",
  content: "إذا كان العامل خاضعاً لفترة تجربة وجب النص على ذلك صراحة في عقد العمل وتحديدها بوضوح، بحيث لا تزيد على تسعين يوماً.",
  status: "in_force",
  sourceUrl: "https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/labor/1",
  score: 12,
  coverage: 0.9,
};
const notice: SourceArticle = { ...probation, id: "labor#75", articleNumber: 75, content: "إذا كان العقد غير محدد المدة جاز لأي من طرفيه إنهاؤه بناء على سبب مشروع يجب بيانه بموجب إشعار…" };

const request: GenerationRequest = {
  question: "How long can probation last?",
  language: "en",
  sources: [probation, notice],
  history: [
    { isUser: true, content: "What does the Labor Law say about probation?" },
    { isUser: false, content: "Article 53 of the Labor Law…" },
  ],
};

async function collect(events: AsyncIterable<GenerationEvent>): Promise<{ text: string; cited: string[] }> {
  let text = "";
  const cited: string[] = [];
  for await (const event of events) {
    if (event.type === "text") text += event.text;
    else cited.push(event.articleId);
  }
  return { text, cited };
}

describe("citation markers", () => {
  const parse = (deltas: string[]) => {
    const parser = new CitationMarkerParser();
    return [...deltas.flatMap((delta) => parser.push(delta)), ...parser.end()];
  };

  it("finds markers split across tokens and keeps the text around them", () => {
    expect(parse(["Probation is 90 days [", "[S", "1]", "]. Also [[S1, S2]] and [[labor#75]]."])).toEqual([
      { type: "text", text: "Probation is 90 days " },
      { type: "marker", refs: ["S1"] },
      { type: "text", text: ". Also " },
      { type: "marker", refs: ["S1", "S2"] },
      { type: "text", text: " and " },
      { type: "marker", refs: ["labor#75"] },
      { type: "text", text: "." },
    ]);
  });

  it("leaves brackets that are not markers as text", () => {
    const pieces = parse(["a [b] [[not\nmarker]] [", "x", "] [[", "unterminated"]);
    expect(pieces.map((p) => (p.type === "text" ? p.text : `<${p.refs.join()}>`)).join("")).toBe("a [b] [[not\nmarker]] [x] [[unterminated");
  });
});

describe("the openai provider against an OpenAI-compatible endpoint", () => {
  const fake = new FakeOpenAi();
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await fake.start();
  });
  afterAll(() => fake.stop());

  const provider = (timeouts = {}) => new OpenAiProvider({ apiKey: "sk-test", baseUrl, model: "legal-test", timeouts });

  it("is unavailable, saying why, without a key or URL", async () => {
    const unconfigured = new OpenAiProvider({});
    expect(unconfigured.status()).toEqual({ available: false, reason: expect.stringMatching(/OPENAI_API_KEY/) });
    await expect(collect(unconfigured.generate(request, new AbortController().signal))).rejects.toMatchObject({ code: "unavailable" });
    expect(provider().status()).toEqual({ available: true });
  });

  it("streams the answer, sends the sources and the conversation, and turns markers into citations", async () => {
    fake.behaviour = { kind: "stream", tokens: ["Probation may last ", "at most 90 days ", "[[S", "1]]", ". Notice", " [[S2]] [[S9]]", "."], intervalMs: 2 };
    const seenBefore = fake.requests.length;
    const pieces: string[] = [];
    const cited: string[] = [];
    for await (const event of provider().generate(request, new AbortController().signal)) {
      if (event.type === "text") pieces.push(event.text);
      else cited.push(event.articleId);
    }
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join("")).toBe("Probation may last at most 90 days (Labor Law, Article 53). Notice (Labor Law, Article 75) .");
    expect(cited).toEqual(["labor#53", "labor#75", "S9"]);
    const seen = fake.requests[seenBefore]!;
    expect(seen.authorization).toBe("Bearer sk-test");
    expect(seen.body).toMatchObject({ model: "legal-test", stream: true });
    const roles = seen.body.messages.map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "user"]);
    expect(seen.body.messages[0]!.content).toMatch(/\[\[S1\]\]/);
    expect(seen.body.messages[0]!.content).toMatch(/Answer in English/);
    const last = seen.body.messages[3]!.content;
    expect(last).toContain("[S1] (article id: labor#53) Article 53 — Labor Law / نظام العمل");
    expect(seen.body.messages[0]!.content).toMatch(/never put an Arabic word inside an English sentence/);
    expect(seen.body.messages[0]!.content).toMatch(/ask which situation is the user's/);
    expect(last).toContain("بحيث لا تزيد على تسعين يوماً");
    expect(last).toContain("Question: How long can probation last?");
  });

  it("asks for Arabic answers and renders Arabic references for Arabic questions", async () => {
    fake.behaviour = { kind: "stream", tokens: ["مدة التجربة تسعون يومًا [[S1]]"], intervalMs: 1 };
    const seenBefore = fake.requests.length;
    const { text } = await collect(provider().generate({ ...request, language: "ar", question: "ما مدة التجربة؟" }, new AbortController().signal));
    expect(text).toBe("مدة التجربة تسعون يومًا (نظام العمل، المادة 53)");
    expect(fake.requests[seenBefore]!.body.messages[0]!.content).toMatch(/أجب باللغة العربية/);
  });

  it("reports an endpoint error as unavailable, with a message for people in both languages", async () => {
    fake.behaviour = { kind: "error", status: 500, message: "model overloaded" };
    const error = (await collect(provider().generate(request, new AbortController().signal)).catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("unavailable");
    expect(error.message).toMatch(/500.*model overloaded/);
    expect(error.messageFor("en")).toMatch(/switch to QAI-1.0/);
    expect(error.messageFor("ar")).toMatch(/QAI-1.0/);
  });

  it("times out when the endpoint does not answer (connect timeout)", async () => {
    fake.behaviour = { kind: "silent" };
    const started = Date.now();
    const error = (await collect(provider({ connectMs: 150 }).generate(request, new AbortController().signal)).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe("unavailable");
    expect(error.message).toMatch(/no response within 150 ms/);
    expect(error.messageFor("en")).toMatch(/did not respond in time/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("times out when no first token arrives, and when the whole answer takes too long", async () => {
    fake.behaviour = { kind: "headers-only" };
    const noToken = (await collect(provider({ firstTokenMs: 150 }).generate(request, new AbortController().signal)).catch((e: unknown) => e)) as AppError;
    expect(noToken.message).toMatch(/no first token within 150 ms/);
    await fake.requests[fake.requests.length - 1]!.closed;

    fake.behaviour = { kind: "stream", tokens: Array.from({ length: 100 }, (_, i) => `t${i} `), intervalMs: 20 };
    const events: GenerationEvent[] = [];
    const slow = (await (async () => {
      for await (const event of provider({ overallMs: 300 }).generate(request, new AbortController().signal)) events.push(event);
    })().catch((e: unknown) => e)) as AppError;
    expect(slow.message).toMatch(/no complete answer within 300 ms/);
    expect(events.length).toBeGreaterThan(0);
    const seen = fake.requests[fake.requests.length - 1]!;
    await seen.closed;
    expect(seen.closedEarly).toBe(true);
  });

  it("cancels the request when the signal aborts: the endpoint sees the connection close and stops", async () => {
    fake.behaviour = { kind: "stream", tokens: Array.from({ length: 200 }, (_, i) => `t${i} `), intervalMs: 10 };
    const controller = new AbortController();
    let received = 0;
    let afterAbort = 0;
    const run = (async () => {
      for await (const event of provider().generate(request, controller.signal)) {
        if (controller.signal.aborted) afterAbort += 1;
        if (event.type === "text") received += 1;
        if (received === 5) controller.abort();
      }
    })();
    await run; // ends quietly: a cancelled answer is not an error
    expect(afterAbort).toBe(0);
    const seen = fake.requests[fake.requests.length - 1]!;
    await seen.closed;
    expect(seen.closedEarly).toBe(true);
    const written = seen.tokensWritten;
    await sleep(100);
    expect(seen.tokensWritten).toBe(written);
    expect(written).toBeLessThan(20);
  });
});
