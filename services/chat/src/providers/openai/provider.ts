import type OpenAI from "openai";
import { AppError } from "@qai/platform";
import type { Language } from "../../app/language";
import type { AnswerProvider, GenerationEvent, GenerationRequest, ProviderStatus, SourceArticle } from "../provider";
import { articleName } from "../qai-local/texts";
import { CitationMarkerParser } from "./markers";
import { buildPrompt, sourceRef } from "./prompt";

export interface OpenAiTimeouts {
  /** Until the endpoint answers with response headers. */
  connectMs: number;
  /** From the request until the first piece of text. */
  firstTokenMs: number;
  /** The whole answer. */
  overallMs: number;
}

export const DEFAULT_OPENAI_TIMEOUTS: OpenAiTimeouts = { connectMs: 10_000, firstTokenMs: 30_000, overallMs: 120_000 };
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

export interface OpenAiProviderOptions {
  /** OPENAI_API_KEY; may be empty for a local endpoint that needs none (then `baseUrl` is required). */
  apiKey?: string;
  /** OPENAI_BASE_URL, e.g. "http://localhost:11434/v1"; the SDK's default (api.openai.com) when empty. */
  baseUrl?: string;
  /** OPENAI_MODEL. */
  model?: string;
  timeouts?: Partial<OpenAiTimeouts>;
  /** Sampling temperature (low: answers stay close to the sources). */
  temperature?: number;
  maxTokens?: number;
}

const FAILED = {
  ar: "تعذّر الحصول على إجابة من مزوّد الذكاء الاصطناعي. حاول مرة أخرى أو اختر نموذج QAI-1.0.",
  en: "The AI provider could not answer. Please try again or switch to QAI-1.0.",
};
const TIMED_OUT = {
  ar: "لم يستجب مزوّد الذكاء الاصطناعي في الوقت المحدد. حاول مرة أخرى أو اختر نموذج QAI-1.0.",
  en: "The AI provider did not respond in time. Please try again or switch to QAI-1.0.",
};

/**
 * Any OpenAI-compatible chat completions endpoint, through the openai SDK: a retrieval-augmented
 * prompt (the retrieved articles under references S1…, cited back as `[[S1]]` markers), streamed.
 * The caller's signal aborts the HTTP request, so the endpoint stops generating at once.
 */
export class OpenAiProvider implements AnswerProvider {
  readonly id = "openai";
  readonly label: string;
  /** The SDK's module and its client, loaded only when an endpoint is configured (the embedded default never loads it). */
  private readonly endpoint?: { sdk: typeof OpenAI; client: OpenAI };
  private readonly model: string;
  private readonly timeouts: OpenAiTimeouts;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.model = options.model || DEFAULT_OPENAI_MODEL;
    this.label = `OpenAI-compatible (${this.model})`;
    this.timeouts = { ...DEFAULT_OPENAI_TIMEOUTS, ...options.timeouts };
    if (options.apiKey || options.baseUrl) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load, see `endpoint`
      const sdk = (require("openai") as { default: typeof OpenAI }).default;
      const client = new sdk({
        apiKey: options.apiKey || "not-needed",
        baseURL: options.baseUrl || undefined,
        maxRetries: 0,
        // The SDK's own timeout is a backstop; ours below name which limit was hit.
        timeout: this.timeouts.overallMs + 1000,
      });
      this.endpoint = { sdk, client };
    }
  }

  status(): ProviderStatus {
    if (!this.endpoint) return { available: false, reason: "not configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible endpoint)" };
    return { available: true };
  }

  async *generate(request: GenerationRequest, signal: AbortSignal): AsyncIterable<GenerationEvent> {
    if (!this.endpoint) throw new AppError("unavailable", "openai provider is not configured", { userMessage: FAILED });
    const { sdk, client } = this.endpoint;
    if (signal.aborted) return;
    // One controller for the HTTP request: the caller's signal, the first-token and the overall timeouts.
    const controller = new AbortController();
    let timedOut: string | undefined;
    const timeout = (what: string, ms: number) =>
      setTimeout(() => {
        timedOut = what;
        controller.abort();
      }, ms);
    const overall = timeout("overall", this.timeouts.overallMs);
    let connect: NodeJS.Timeout | undefined = timeout("connect", this.timeouts.connectMs);
    let firstToken: NodeJS.Timeout | undefined = timeout("first token", this.timeouts.firstTokenMs);
    const stop = () => controller.abort();
    signal.addEventListener("abort", stop, { once: true });
    const parser = new CitationMarkerParser();
    const render = renderer(request.sources, request.language);
    try {
      const stream = await client.chat.completions.create(
        { model: this.model, messages: buildPrompt(request), stream: true, temperature: this.options.temperature ?? 0.2, ...(this.options.maxTokens ? { max_tokens: this.options.maxTokens } : {}) },
        { signal: controller.signal },
      );
      clearTimeout(connect);
      connect = undefined;
      for await (const chunk of stream) {
        if (signal.aborted) return;
        const delta = chunk.choices[0]?.delta?.content;
        if (!delta) continue;
        if (firstToken) {
          clearTimeout(firstToken);
          firstToken = undefined;
        }
        for (const event of render(parser.push(delta))) yield event;
      }
      // The SDK ends the stream quietly when its request is aborted: by the caller, or by a timeout.
      if (signal.aborted) return;
      if (timedOut) throw this.timeoutError(timedOut);
      for (const event of render(parser.end())) yield event;
    } catch (error) {
      if (signal.aborted) return;
      if (timedOut) throw this.timeoutError(timedOut, error);
      if (error instanceof sdk.APIConnectionTimeoutError) throw this.timeoutError("overall", error);
      throw new AppError("unavailable", `openai: ${describe(sdk, error)}`, { userMessage: FAILED, cause: error });
    } finally {
      clearTimeout(overall);
      clearTimeout(connect);
      clearTimeout(firstToken);
      signal.removeEventListener("abort", stop);
      controller.abort();
    }
  }

  private timeoutError(which: string, cause?: unknown): AppError {
    const message =
      which === "connect"
        ? `no response within ${this.timeouts.connectMs} ms`
        : which === "first token"
          ? `no first token within ${this.timeouts.firstTokenMs} ms`
          : `no complete answer within ${this.timeouts.overallMs} ms`;
    return new AppError("unavailable", `openai: ${message}`, { userMessage: TIMED_OUT, cause });
  }
}

function describe(sdk: typeof OpenAI, error: unknown): string {
  if (error instanceof sdk.APIError) return `${error.status ?? "connection"} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Turns parsed pieces into events: text as is; a marker into `citation` events and a readable
 * reference for the known sources it names ("(Labor Law, Article 53)"). Unknown references are
 * cited as written (verification drops and flags them) and leave no trace in the text.
 */
function renderer(sources: readonly SourceArticle[], language: Language) {
  const byRef = new Map<string, SourceArticle>();
  sources.forEach((source, index) => {
    byRef.set(sourceRef(index).toLowerCase(), source);
    byRef.set(source.id.toLowerCase(), source);
  });
  let afterSpace = true;
  return function* (pieces: ReturnType<CitationMarkerParser["push"]>): Generator<GenerationEvent> {
    for (const piece of pieces) {
      if (piece.type === "text") {
        afterSpace = /\s$/.test(piece.text);
        yield { type: "text", text: piece.text };
        continue;
      }
      const known: SourceArticle[] = [];
      for (const ref of piece.refs) {
        const source = byRef.get(ref.toLowerCase());
        if (source && !known.includes(source)) known.push(source);
        yield { type: "citation", articleId: source?.id ?? ref };
      }
      if (known.length === 0) continue;
      yield { type: "text", text: `${afterSpace ? "" : " "}(${known.map((source) => readableRef(source, language)).join(language === "ar" ? "؛ " : "; ")})` };
      afterSpace = false;
    }
  };
}

export function readableRef(source: SourceArticle, language: Language): string {
  return language === "ar" ? `${source.lawName}، ${articleName(source, "ar")}` : `${source.lawNameEn || source.lawName}, ${articleName(source, "en")}`;
}
