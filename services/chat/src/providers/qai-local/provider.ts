import type { AnswerProvider, GenerationEvent, GenerationRequest } from "../provider";
import { composeAnswer, type TermAnalyzer } from "./compose";

export interface QaiLocalOptions {
  analyzer: TermAnalyzer;
}

/** Words per streamed piece. */
const WORDS_PER_CHUNK = 2;

/**
 * QAI-1.0: the offline grounded composer. It never states anything the cited articles do not. The
 * answer is composed at once and written without pauses: holding a stream open to imitate a model's
 * token rate costs memory per open stream for nothing; the browser paces the display instead.
 */
export class QaiLocalProvider implements AnswerProvider {
  readonly id = "qai-local";
  readonly label = "QAI-1.0";
  readonly specialised = true;

  constructor(private readonly options: QaiLocalOptions) {}

  status() {
    return { available: true };
  }

  async *generate(request: GenerationRequest, signal: AbortSignal): AsyncIterable<GenerationEvent> {
    const answer = composeAnswer({ ...request, analyzer: this.options.analyzer });
    for (const piece of chunks(answer.text)) {
      if (signal.aborted) return;
      yield { type: "text", text: piece };
    }
    if (signal.aborted) return;
    for (const articleId of answer.citedArticleIds) yield { type: "citation", articleId };
  }
}

/** Splits text into pieces of a few words, keeping every character (whitespace included). */
export function chunks(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const pieces: string[] = [];
  for (let index = 0; index < words.length; index += WORDS_PER_CHUNK) pieces.push(words.slice(index, index + WORDS_PER_CHUNK).join(""));
  return pieces;
}
