import type { AnswerProvider, GenerationEvent, GenerationRequest } from "../provider";
import { composeAnswer, type TermAnalyzer } from "./compose";

export interface QaiLocalOptions {
  analyzer: TermAnalyzer;
}

/**
 * Characters per streamed piece (whole words): the batch size the chat service sends (`DEFAULT_BATCH_LIMITS`), so
 * its pieces pass through unbatched. Two-word pieces cost a promise, a timer and a string join each in the batcher
 * (a sixth of the allocations of an answer request in `bench/answer.ts`) for the same messages on the wire.
 */
const PIECE_CHARS = 64;

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

/** Where a piece may end: after a whitespace character followed by a word. */
const BOUNDARY = /\s\S/gu;

/** Splits text into pieces of whole words of at least `PIECE_CHARS` (the last may be shorter), keeping every character. */
export function chunks(text: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; ) {
    BOUNDARY.lastIndex = start + PIECE_CHARS;
    const boundary = BOUNDARY.exec(text);
    const cut = boundary ? boundary.index + 1 : text.length;
    pieces.push(text.slice(start, cut));
    start = cut;
  }
  return pieces;
}
