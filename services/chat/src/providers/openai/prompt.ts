import type { Language } from "../../app/language";
import { articleName } from "../qai-local/texts";
import { currentWording } from "../qai-local/amendment";
import type { GenerationRequest, SourceArticle } from "../provider";

/** What the chat completions API takes. */
export interface PromptMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Earlier answers are cut to this length in the prompt (they can be long). */
const MAX_HISTORY_CHARS = 1500;
/** Article texts are cut to this length in the prompt. */
const MAX_ARTICLE_CHARS = 2500;

/** The reference the model cites a source by: S1, S2, … in the order given. */
export function sourceRef(index: number): string {
  return `S${index + 1}`;
}

const INSTRUCTIONS: Record<Language, string> = {
  ar: "أجب باللغة العربية الفصحى. ابدأ بفقرة قصيرة عنوانها «**الجواب:**».",
  en: [
    'Answer in English. Start with a short paragraph headed "**Answer:**".',
    "Name laws by their English titles and articles as \"Article N\"; never put an Arabic word inside an English sentence.",
    "The official texts are in Arabic: quote the Arabic wording only in its own Markdown blockquote line (\"> …\"), never inside an English sentence, and state figures (days, months, amounts) in English.",
  ].join("\n"),
};

/**
 * The retrieval-augmented prompt: the rules (answer only from the sources, cite them with
 * `[[S<n>]]` markers, say plainly when they do not answer), the conversation so far, and the
 * question with the retrieved articles, each under its reference and article id.
 */
export function buildPrompt(request: GenerationRequest): PromptMessage[] {
  const system = [
    "You are QAI, a legal assistant for Saudi law. You answer only from the Saudi legal texts supplied with each question (the knowledge base).",
    "Rules:",
    "- Base every legal statement on the supplied sources. Never invent laws, articles, numbers or rulings.",
    "- Cite the source of each statement right after it with its reference in double square brackets, e.g. [[S1]] or [[S1, S2]]. Cite only the references supplied; never write article ids or URLs yourself.",
    "- Lead with the deciding rule of the governing article (the general law — e.g. the Labor Law for private-sector employment, the Civil Transactions Law for contracts, rent and damages, the Personal Status Law for family matters — unless the question names a body, a sector or a special regime), keeping its numbers and conditions whole; then quote only the relevant clauses of supporting provisions briefly; then exceptions or related articles. No boilerplate conclusion.",
    "- If the sources show that different laws apply to different situations (e.g. government staff vs private-sector workers) or the evidence is weak, say which laws could apply and ask which situation is the user's rather than picking one.",
    "- If the sources do not answer the question, say plainly that the knowledge base has no provision answering it, and do not guess.",
    "- If a source is marked repealed, say so.",
    "- Use the earlier conversation to understand follow-up questions (e.g. which law is being discussed).",
    `- End with a heading "${request.language === "ar" ? "### أسئلة متابعة مقترحة" : "### Suggested follow-up questions"}" followed by at most 3 short follow-up questions drawn from the cited articles (their exceptions, neighbouring or referenced articles), one per line, each starting with "- ", in the answer's language; ask about what those articles say, in their own terms, and do not repeat law names in them.`,
    "- This is information, not final legal advice.",
    INSTRUCTIONS[request.language],
  ].join("\n");

  const messages: PromptMessage[] = [{ role: "system", content: system }];
  for (const turn of request.history) {
    const content = turn.content.length > MAX_HISTORY_CHARS ? `${turn.content.slice(0, MAX_HISTORY_CHARS)}…` : turn.content;
    messages.push({ role: turn.isUser ? "user" : "assistant", content });
  }
  const sources = request.sources.length
    ? request.sources.map((source, index) => sourceBlock(source, index, request.language)).join("\n\n")
    : "(none: the knowledge base has no provision relevant to this question)";
  const topic = request.topicLaw ? `\nThe conversation is about: ${request.topicLaw.lawName}.` : "";
  messages.push({ role: "user", content: `Sources:\n${sources}\n${topic}\nQuestion: ${request.question}` });
  return messages;
}

function sourceBlock(source: SourceArticle, index: number, language: Language): string {
  const { text, amendment } = currentWording(source.content);
  const body = text.length > MAX_ARTICLE_CHARS ? `${text.slice(0, MAX_ARTICLE_CHARS)}…` : text;
  return [
    `[${sourceRef(index)}] (article id: ${source.id}) ${articleName(source, language)} — ${source.lawNameEn ? `${source.lawNameEn} / ` : ""}${source.lawName}${source.status === "repealed" ? " — REPEALED" : ""}`,
    ...(amendment ? [`Amended: ${amendment}`] : []),
    body,
  ].join("\n");
}
