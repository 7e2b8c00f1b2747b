/**
 * Synthetic traffic for bench/admin-analytics.ts: encoded events as the producers publish them —
 * users, their activity, exchanges over 90 days (questions drawn from a few thousand wordings of
 * some 1,500 questions, 1–3 citations of 12,000 articles, gaps, fallbacks), feedback on about 10 %
 * of answers (some switched), admin grants, knowledge operations and documents.
 */
import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  ChatExchangeSchema,
  CitationSchema,
  DocumentChangeKind,
  DocumentChangedSchema,
  FeedbackGivenSchema,
  KnowledgeBaseChangedSchema,
  KnowledgeOperation,
  Language,
  LawStatus,
  OwnerSchema,
  Reaction,
  TOPICS,
  UserChangeKind,
  UserChangedSchema,
  type Owner,
} from "@qai/contracts";
import type { EventEnvelope } from "@qai/event-bus";

const DAY_MS = 24 * 60 * 60 * 1000;
const LAWS = 200;
const ARTICLES_PER_LAW = 60;

const AR_TOPICS = "الإجازة السنوية،مكافأة نهاية الخدمة،فترة التجربة،العمل الإضافي،إنهاء العقد،الأجر،التزوير،الرشوة،التحرش،الاحتيال المالي،الشيك بدون رصيد،الإيجار،الحضانة،النفقة،الطلاق،الميراث،الوصية،الهبة،الوكالة،الكفالة،تأسيس شركة،الشراكة،الإفلاس،العلامة التجارية،حقوق المؤلف،التشهير،الجرائم المعلوماتية،المخدرات،حوادث المرور،التأمين الصحي".split("،");
const EN_TOPICS = ["annual leave", "end of service award", "probation", "overtime", "termination", "wages", "forgery", "bribery", "harassment", "fraud", "rent", "custody", "alimony", "divorce", "inheritance"];
const AR_FRAMES = ["ما عقوبة {t}؟", "كم مدة {t}؟", "ما شروط {t}؟", "هل يجوز {t} للأجنبي؟", "ما حقوق العامل في {t}؟", "ما إجراءات {t}؟", "متى تسقط دعوى {t}؟", "من يختص بنظر {t}؟", "ما الوثائق المطلوبة في {t}؟", "كيف أعترض على حكم {t}؟", "ما أحكام {t} في النظام؟", "هل تلزم المحكمة في {t}؟", "ما التعويض عن {t}؟", "ما الغرامة على {t}؟", "كيف يحسب {t}؟", "ما المادة التي تنظم {t}؟", "هل يسقط {t} بالتقادم؟", "ما حكم {t} للمرأة؟", "ما الفرق بين {t} والعقد؟", "ما مسؤولية صاحب العمل عن {t}؟", "هل يحق للمستأجر {t}؟", "ما دور النيابة في {t}؟", "ما مدة الاعتراض على {t}؟", "ما رسوم {t}؟", "كيف أثبت {t}؟", "ما عقوبة تكرار {t}؟", "هل يشترط توثيق {t}؟", "ما حالات بطلان {t}؟", "ما موعد {t}؟", "من يدفع تكاليف {t}؟", "ما آثار {t}؟", "كيف ينتهي {t}؟", "هل يجوز التنازل عن {t}؟", "ما ضوابط {t}؟", "ما حدود {t}؟", "ما شروط استحقاق {t}؟", "ما حقوق الورثة في {t}؟", "هل يشمل النظام {t}؟", "ما العقوبة البديلة في {t}؟", "ما مسؤولية الشريك عن {t}؟"];
const EN_FRAMES = ["What is the penalty for {t}?", "How long does {t} last?", "What are the conditions of {t}?", "Can a foreigner claim {t}?", "How is {t} calculated?", "Who decides on {t}?", "What documents are needed for {t}?", "How do I appeal a ruling on {t}?", "Is {t} taxable?", "When does a claim for {t} expire?"];
const FIRST = ["Sara", "Omar", "Layla", "Fahad", "Reem", "Khalid", "Noura", "Ahmed", "Huda", "Saad", "نورة", "محمد", "خالد", "سارة", "عبدالله"];
const LAST = ["Alotaibi", "Alharbi", "Alghamdi", "Alqahtani", "Alshehri", "Aldosari", "القحطاني", "الشهري", "العتيبي"];
const DOMAINS = ["gmail.com", "outlook.com", "example.sa", "company.com.sa", "yahoo.com"];

/** A deterministic pseudo-random sequence (mulberry32). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Traffic {
  private readonly random: () => number;
  private sequence = 0;
  /** Every question wording, English ones included (a few thousand). */
  readonly wordings: string[];

  constructor(
    private readonly now: Date,
    seed = 42,
  ) {
    this.random = seeded(seed);
    const arabic = AR_TOPICS.flatMap((topic) => AR_FRAMES.map((frame) => frame.replace("{t}", topic)));
    const english = EN_TOPICS.flatMap((topic) => EN_FRAMES.map((frame) => frame.replace("{t}", topic)));
    // A second wording of each: no question mark and a stop word more ("ما هي …", "What is THE …").
    this.wordings = [...arabic, ...english].flatMap((q) => [q, q.replace(/^(\S+) /, /[a-z]/i.test(q) ? "$1 THE " : "$1 هي ").replace(/[؟?]$/, "")]);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private envelope<S extends DescMessage>(topic: string, schema: S, key: string, at: Date, message: MessageInitShape<S>): EventEnvelope {
    this.sequence += 1;
    const payload = toBinary(schema, create(schema, { ...message, occurredAt: timestampFromDate(at) } as MessageInitShape<S>));
    return { id: `bench-${this.sequence}`, topic, key, type: schema.typeName, payload, occurredAt: at.toISOString(), headers: {} };
  }

  private createdAt(i: number): Date {
    return new Date(this.now.getTime() - 365 * DAY_MS + (i * 365 * DAY_MS) / 10_000);
  }

  /** User `i`'s profile: created within the last year, a fifth signing in with Google. */
  private profile(i: number) {
    const [firstName, lastName] = [FIRST[(i * 7) % FIRST.length]!, LAST[(i * 11) % LAST.length]!];
    const email = `${/[a-z]/i.test(firstName) ? firstName.toLowerCase() : "user"}.${i}@${DOMAINS[(i * 3) % DOMAINS.length]}`;
    return { userId: `user-${i}`, email, firstName, lastName, provider: i % 5 === 0 ? "google" : "email", createdAt: timestampFromDate(this.createdAt(i)) };
  }

  /** The CREATED event of user `i`. */
  user(i: number): EventEnvelope {
    return this.envelope(TOPICS.accountsUser, UserChangedSchema, `user-${i}`, this.createdAt(i), { ...this.profile(i), kind: UserChangeKind.CREATED });
  }

  /** Exchange `i` of `total` (spread over the last 90 days), with the feedback it got. */
  exchange(i: number, total: number, users: number): EventEnvelope[] {
    const at = new Date(this.now.getTime() - 90 * DAY_MS + (i * 90 * DAY_MS) / total);
    const owner: Owner =
      this.random() < 0.6
        ? create(OwnerSchema, { kind: { case: "userId", value: `user-${Math.floor(this.random() * users)}` } })
        : create(OwnerSchema, { kind: { case: "guestSessionId", value: `guest-${Math.floor(this.random() * 20_000)}` } });
    const question = this.pick(this.wordings);
    const gap = this.random() < 0.05;
    const citations = gap ? [] : Array.from({ length: 1 + Math.floor(this.random() * 3) }, () => this.citation());
    const fallback = this.random() < 0.05;
    const answerId = `answer-${i}`;
    const events = [
      this.envelope(TOPICS.chatExchange, ChatExchangeSchema, `conversation-${Math.floor(i / 3)}`, at, {
        conversationId: `conversation-${Math.floor(i / 3)}`,
        owner,
        questionMessageId: `question-${i}`,
        answerMessageId: answerId,
        question,
        answer: `${question} — الجواب وفق النظام: ${"نص ".repeat(80)}`,
        citations,
        language: /[a-z]/i.test(question) ? Language.EN : Language.AR,
        provider: fallback || this.random() < 0.9 ? "qai-local" : "openai",
        fallbackFrom: fallback ? "openai" : "",
        sourcesFound: gap ? 0 : citations.length + 3,
        answerMs: Math.round(300 * Math.exp(this.random() * 2.5)),
      }),
    ];
    if (this.random() < 0.1) events.push(...this.feedback(answerId, owner, question, new Date(at.getTime() + 30_000)));
    return events;
  }

  private citation() {
    const law = Math.floor(this.random() ** 2 * LAWS);
    const article = 1 + Math.floor(this.random() * ARTICLES_PER_LAW);
    return create(CitationSchema, { articleId: `law-${law}#${article}`, lawId: `law-${law}`, lawName: `نظام رقم ${law}`, lawNameEn: `Law ${law}`, articleNumber: article, status: LawStatus.IN_FORCE });
  }

  private feedback(messageId: string, owner: Owner, question: string, at: Date): EventEnvelope[] {
    const first = this.random() < 0.7 ? Reaction.LIKE : Reaction.DISLIKE;
    const give = (previous: Reaction, reaction: Reaction, when: Date) =>
      this.envelope(TOPICS.conversationFeedback, FeedbackGivenSchema, messageId, when, { messageId, conversationId: "c", owner, previous, reaction, questionMessageId: "q", question, answer: "a" });
    const given = [give(Reaction.UNSPECIFIED, first, at)];
    if (this.random() < 0.15) given.push(give(first, first === Reaction.LIKE ? Reaction.DISLIKE : Reaction.LIKE, new Date(at.getTime() + 10_000)));
    return given;
  }

  /** An ACTIVE event of user `i` within the last 7 days. */
  active(i: number): EventEnvelope {
    const at = new Date(this.now.getTime() - Math.floor(this.random() * 7 * DAY_MS));
    return this.envelope(TOPICS.accountsUser, UserChangedSchema, `user-${i}`, at, { ...this.profile(i), kind: UserChangeKind.ACTIVE });
  }

  /** Audited operations: admin grants, knowledge-base operations and documents. */
  adminWork(count: number): EventEnvelope[] {
    return Array.from({ length: count }, (_, i) => {
      const at = new Date(this.now.getTime() - (count - i) * 3_600_000);
      if (i % 3 === 0) return this.envelope(TOPICS.accountsUser, UserChangedSchema, `user-${i}`, at, { ...this.profile(i), kind: UserChangeKind.ADMIN_GRANTED, isAdmin: true, actorUserId: "user-1" });
      if (i % 3 === 1) return this.envelope(TOPICS.knowledgeBase, KnowledgeBaseChangedSchema, "knowledge-base", at, { operation: KnowledgeOperation.UPDATE_LAW, actorUserId: "user-1", lawNames: ["نظام العمل"], lawsChanged: 1, articlesChanged: 245, totalLaws: LAWS, totalArticles: LAWS * ARTICLES_PER_LAW });
      return this.envelope(TOPICS.knowledgeDocument, DocumentChangedSchema, `document-${i}`, at, { documentId: `document-${i}`, title: `وثيقة ${i}`, category: "Labor Law", kind: DocumentChangeKind.ADDED, actorUserId: "user-1" });
    });
  }
}
