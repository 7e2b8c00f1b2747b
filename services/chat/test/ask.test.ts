import { create } from "@bufbuild/protobuf";
import { AskRequestSchema, ArticleSchema, CitationSchema, Language, LawStatus, MessageSchema, OwnerSchema, type Article, type AskResponse } from "@qai/contracts";
import { AppError, createLogger } from "@qai/platform";
import { answerQuestion, type AskDependencies } from "../src/app/ask";
import { OpenAiProvider } from "../src/providers/openai/provider";
import type { AnswerProvider, GenerationEvent, GenerationRequest } from "../src/providers/provider";
import { ProviderRegistry } from "../src/providers/registry";
import { createProviders } from "../src";

const article = (lawId: string, lawName: string, number: number, content: string): Article =>
  create(ArticleSchema, { id: `${lawId}#${number}`, lawId, lawName, articleNumber: number, articleContent: content, status: LawStatus.IN_FORCE, sourceUrl: `https://laws.boe.gov.sa/${lawId}` });

const ARTICLES = [
  article("labor", "نظام العمل", 53, "فترة التجربة لا تزيد على تسعين يوماً"),
  article("labor", "نظام العمل", 75, "مدة الإشعار ستون يوماً للعامل"),
  article("civil-service", "نظام الخدمة المدنية", 12, "مدة الإشعار للموظف ثلاثون يوماً"),
];

/** A provider scripted by the test. */
class Scripted implements AnswerProvider {
  requests: GenerationRequest[] = [];
  constructor(
    readonly id: string,
    private readonly script: (request: GenerationRequest) => AsyncIterable<GenerationEvent>,
    private readonly available = true,
  ) {}
  readonly label = "Scripted";
  status() {
    return this.available ? { available: true } : { available: false, reason: "switched off" };
  }
  generate(request: GenerationRequest): AsyncIterable<GenerationEvent> {
    this.requests.push(request);
    return this.script(request);
  }
}

async function* say(...events: GenerationEvent[]): AsyncIterable<GenerationEvent> {
  for (const event of events) yield event;
}

function deps(providers: AnswerProvider[], options: { context?: ReturnType<typeof create<typeof MessageSchema>>[]; hits?: (query: string) => Article[]; now?: () => number } = {}) {
  const completed: unknown[] = [];
  const queries: string[] = [];
  const d = {
    logger: createLogger({ level: "silent" }),
    providers: new ProviderRegistry(providers),
    now: options.now,
    conversation: {
      startExchange: async () => ({ conversationId: "c1", question: { id: "m1" }, context: options.context ?? [] }),
      completeExchange: async (request: unknown) => {
        completed.push(request);
        return { answer: { id: "m2" } };
      },
    },
    knowledge: {
      searchArticles: async ({ query }: { query: string }) => {
        queries.push(query);
        return { hits: (options.hits?.(query) ?? []).map((a, i) => ({ article: a, score: 10 - i, coverage: 0.9, relevant: true })) };
      },
      getArticles: async ({ ids }: { ids: string[] }) => ({ articles: ARTICLES.filter((a) => ids.includes(a.id)) }),
    },
  } as unknown as AskDependencies;
  return { deps: d, completed, queries };
}

const ask = (question: string, provider = "") =>
  create(AskRequestSchema, { owner: create(OwnerSchema, { kind: { case: "userId", value: "u1" } }), question, language: Language.EN, provider });

async function run(request: ReturnType<typeof ask>, d: AskDependencies, signal = new AbortController().signal): Promise<AskResponse["event"][]> {
  const events: AskResponse["event"][] = [];
  for await (const event of answerQuestion(request, signal, d)) events.push(event.event as AskResponse["event"]);
  return events;
}

const local = (text = "local answer") => new Scripted("qai-local", () => say({ type: "text", text }));

describe("answerQuestion", () => {
  it("says in the first and the final event that an unavailable provider fell back to qai-local", async () => {
    const { deps: d } = deps([local(), new Scripted("openai", () => say({ type: "text", text: "never" }), false)]);
    const events = await run(ask("What is the probation period?", "openai"), d);
    expect(events[0]).toMatchObject({ case: "userMessage", value: { provider: "qai-local", fallbackFrom: "openai", fallbackReason: "switched off" } });
    expect(events[events.length - 1]).toMatchObject({ case: "complete", value: { provider: "qai-local", fallbackFrom: "openai", fallbackReason: "switched off", content: "local answer" } });
  });

  it("falls back for an unknown provider, and not at all for the default", async () => {
    const { deps: d } = deps([local()]);
    const unknown = await run(ask("What is the probation period?", "gpt-9"), d);
    expect(unknown[0]).toMatchObject({ value: { fallbackFrom: "gpt-9", fallbackReason: 'unknown provider "gpt-9"' } });
    const plain = await run(ask("What is the probation period?"), d);
    expect(plain[plain.length - 1]).toMatchObject({ value: { provider: "qai-local", fallbackFrom: "" } });
  });

  it("the real registry presents openai as unavailable without configuration and falls back", async () => {
    const registry = createProviders({});
    expect(registry.list().map((p) => [p.id, p.label, p.status().available, p.specialised ?? false])).toEqual([
      ["qai-local", "QAI-1.0", true, true],
      ["openai", "OpenAI-compatible (gpt-4o-mini)", false, false],
    ]);
    expect(registry.pick("openai")).toMatchObject({ fellBack: true, fallbackFrom: "openai", reason: expect.stringMatching(/OPENAI_API_KEY/) });
    expect(new OpenAiProvider({ baseUrl: "http://127.0.0.1:1/v1" }).status().available).toBe(true);
  });

  it("tells conversation, for analytics, how many sources were found, which provider did not answer and how long the answer took", async () => {
    const clock = { ms: 10_000 };
    const slow = new Scripted("qai-local", () =>
      (async function* (): AsyncIterable<GenerationEvent> {
        clock.ms += 1234.4;
        yield { type: "text", text: "Article 53 says ninety days." };
      })(),
    );
    const { deps: d, completed } = deps([slow, new Scripted("openai", () => say(), false)], { hits: () => [ARTICLES[0]!, ARTICLES[1]!], now: () => clock.ms });
    await run(ask("What is the probation period under the Labor Law?", "openai"), d);
    expect(completed).toMatchObject([{ sourcesFound: 2, fallbackFrom: "openai", answerMs: 1234, provider: "qai-local" }]);
  });

  it("searches while the question is stored, and a question that cannot be stored fails without a stray rejection", async () => {
    const { deps: d, queries } = deps([local()], { hits: () => [ARTICLES[0]!] });
    const stored: { release?: () => void } = {};
    const searchedBeforeStored: boolean[] = [];
    const conversation = d.conversation as unknown as { startExchange: () => Promise<unknown> };
    conversation.startExchange = () =>
      new Promise((resolve) => {
        stored.release = () => resolve({ conversationId: "c1", question: { id: "m1" }, context: [] });
        setTimeout(() => {
          searchedBeforeStored.push(queries.length > 0);
          stored.release!();
        }, 20);
      });
    const events = await run(ask("What is the probation period?"), d);
    expect(searchedBeforeStored).toEqual([true]);
    expect(events[events.length - 1]).toMatchObject({ case: "complete" });

    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      conversation.startExchange = async () => Promise.reject(new AppError("not_found", "conversation not found"));
      await expect(run(ask("What is the probation period?"), d)).rejects.toThrow("conversation not found");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("reports a question without relevant sources (a knowledge gap) and no fallback as 0 and empty", async () => {
    const { deps: d, completed } = deps([local()], { now: () => 5 });
    await run(ask("What is the capital of France?"), d);
    expect(completed).toMatchObject([{ sourcesFound: 0, fallbackFrom: "", answerMs: 0 }]);
  });

  it("answers with qai-local when the requested provider fails before writing anything", async () => {
    const failing = new Scripted("openai", () =>
      (async function* (): AsyncIterable<GenerationEvent> {
        yield { type: "citation", articleId: "labor#53" };
        throw new AppError("unavailable", "openai: 500 overloaded");
      })(),
    );
    const { deps: d, completed } = deps([local(), failing]);
    const events = await run(ask("What is the probation period?", "openai"), d);
    expect(events[0]).toMatchObject({ value: { provider: "openai", fallbackFrom: "" } });
    expect(events[events.length - 1]).toMatchObject({ case: "complete", value: { provider: "qai-local", fallbackFrom: "openai", fallbackReason: "openai: 500 overloaded", citations: [] } });
    expect(completed).toMatchObject([{ provider: "qai-local", fallbackFrom: "openai" }]);
  });

  it("fails (no fallback) when the provider fails mid-answer, storing nothing", async () => {
    const failing = new Scripted("openai", () =>
      (async function* (): AsyncIterable<GenerationEvent> {
        yield { type: "text", text: "Partial " };
        throw new AppError("unavailable", "openai: connection reset");
      })(),
    );
    const { deps: d, completed } = deps([local(), failing]);
    await expect(run(ask("What is the probation period?", "openai"), d)).rejects.toMatchObject({ code: "unavailable" });
    expect(completed).toHaveLength(0);
  });

  it("drops and flags citations that are not in the knowledge base, keeping the cited order", async () => {
    const citing = new Scripted("qai-local", () =>
      say({ type: "text", text: "See articles 75 and 53." }, { type: "citation", articleId: "labor#75" }, { type: "citation", articleId: "labor#999" }, { type: "citation", articleId: "labor#53" }),
    );
    const { deps: d, completed } = deps([citing]);
    const events = await run(ask("What is the notice period?"), d);
    const final = events[events.length - 1]!;
    expect(final.case).toBe("complete");
    const value = final.value as { citations: Array<{ articleId: string }>; unverifiedCitations: string[] };
    expect(value.citations.map((c) => c.articleId)).toEqual(["labor#75", "labor#53"]);
    expect(value.unverifiedCitations).toEqual(["labor#999"]);
    expect((completed[0] as { citations: unknown[] }).citations).toHaveLength(2);
  });

  it("answers a follow-up that names no law from the law under discussion", async () => {
    const context = [
      create(MessageSchema, { isUser: true, content: "What is the probation period under the Labor Law?" }),
      create(MessageSchema, { isUser: false, content: "Article 53…", citations: [create(CitationSchema, { articleId: "labor#53", lawId: "labor", lawName: "نظام العمل" })] }),
    ];
    const provider = local();
    const { deps: d, queries } = deps([provider], {
      context,
      // Alone, "notice period" matches the Civil Service Law best; with the law's name, the Labor Law's article.
      hits: (query) => (query.includes("نظام العمل") ? [ARTICLES[1]!, ARTICLES[2]!] : [ARTICLES[2]!, ARTICLES[1]!]),
    });
    await run(ask("And what about its notice period?"), d);
    expect(queries).toEqual(["And what about its notice period?", "And what about its notice period?\nنظام العمل"]);
    const request = provider.requests[0]!;
    expect(request.topicLaw).toEqual({ lawId: "labor", lawName: "نظام العمل", lawNameEn: undefined });
    expect(request.sources.map((s) => s.id)).toEqual(["labor#75"]);
    expect(request.history).toHaveLength(2);
  });

  it("does not force the earlier law on a question that names another", async () => {
    const context = [create(MessageSchema, { isUser: false, content: "…", citations: [create(CitationSchema, { lawId: "labor", lawName: "نظام العمل" })] })];
    const provider = local();
    const { deps: d, queries } = deps([provider], { context, hits: () => [ARTICLES[2]!] });
    await run(ask("What is the notice period under the Civil Service Law?"), d);
    expect(queries).toHaveLength(1);
    expect(provider.requests[0]!.topicLaw).toBeUndefined();
  });

  it("stops generating when the signal aborts, storing no answer", async () => {
    const controller = new AbortController();
    let producedAfterAbort = 0;
    // Ignores the signal and would go on for 1000 pieces: only the asker can stop it.
    const endless = new Scripted("qai-local", () =>
      (async function* (): AsyncIterable<GenerationEvent> {
        for (let i = 0; i < 1000; i++) {
          if (controller.signal.aborted) producedAfterAbort += 1;
          yield { type: "text", text: `t${i} ` };
          await new Promise((resolve) => setImmediate(resolve));
        }
      })(),
    );
    const { deps: d, completed } = deps([endless]);
    const events: unknown[] = [];
    for await (const event of answerQuestion(ask("What is the probation period?"), controller.signal, d)) {
      events.push(event);
      if (events.length === 4) controller.abort();
    }
    expect(events).toHaveLength(4);
    expect(producedAfterAbort).toBe(0);
    expect(completed).toHaveLength(0);
  });
});
