import { DocumentChangeKind, KnowledgeOperation, Language, LawChangeKind, UserChangeKind, type Owner } from "@qai/contracts";
import type { EventEnvelope } from "@qai/event-bus";
import { citation, DISLIKE, documentChanged, exchange, feedback, guest, knowledgeBaseChanged, lawChanged, LIKE, NONE, user, userChanged, type Profile } from "./events";
import { NOW } from "./harness";

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

const LAWS = [
  { id: "labor", name: "نظام العمل", en: "Labor Law" },
  { id: "civil", name: "نظام المعاملات المدنية", en: "Civil Transactions Law" },
  { id: "forgery", name: "نظام مكافحة التزوير", en: "" },
  { id: "companies", name: "نظام الشركات", en: "Companies Law" },
];

/** Questions in a few wordings each: the same question with diacritics, other letter forms or stop words. */
const QUESTIONS = [
  ["كم مدة الإجازة السنوية للعامل؟", "كم مدةُ الإجازة السنوية للعامل", "ما مدة الاجازة السنويه للعامل"],
  ["ما عقوبة التزوير؟", "ما هي عقوبة التزوير"],
  ["How long is the probation period?", "how long is THE probation period"],
  ["كيف أؤسس شركة ذات مسؤولية محدودة؟", "كيف اؤسس شركه ذات مسؤوليه محدوده"],
  ["What are the rights of a tenant?"],
  ["ما هي عاصمة فرنسا؟", "ما عاصمة فرنسا"],
  ["متى يستحق العامل مكافأة نهاية الخدمة؟"],
];

const FIRST = ["Sara", "Omar", "Layla", "Fahad", "نورة", "محمد", "Reem", "خالد"];
const LAST = ["Alotaibi", "Alharbi", "القحطاني", "Alghamdi", "الشهري"];
const DOMAINS = ["example.com", "example.org", "qai.test"];

/**
 * A realistic stream: users of both providers, guests, both languages, likes, dislikes, switches and
 * withdrawals (some feedback before its exchange), gaps, fallbacks, admin grants, knowledge
 * operations, documents, activity, and two deletions with a late event after one of them.
 */
export function realisticStream(seed = 7): EventEnvelope[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const start = NOW.getTime() - 100 * 24 * 3600_000;
  let tick = 0;
  const at = () => new Date(start + ++tick * 510 * 60_000 + Math.floor(random() * 60_000)).toISOString();
  const events: EventEnvelope[] = [knowledgeBaseChanged(KnowledgeOperation.SEED, { lawsChanged: 3, articlesChanged: 400, totalLaws: 3, totalArticles: 400 }, at())];
  for (const law of LAWS.slice(0, 3)) events.push(lawChanged(law.id, law.name, law.en, at()));
  const people: Profile[] = Array.from({ length: 24 }, (_, i) => ({
    userId: `u-${i}`,
    email: `${pick(["sara", "omar", "user", "k.ali"])}${i}@${pick(DOMAINS)}`,
    firstName: pick(FIRST),
    lastName: pick(LAST),
    createdAt: at(),
    provider: i % 4 === 3 ? "google" : "email",
  }));
  events.push(...people.map((person) => userChanged(UserChangeKind.CREATED, person, person.createdAt)));
  const [admin, promoted, , , , leaving] = people as [Profile, Profile, Profile, Profile, Profile, Profile];
  events.push(userChanged(UserChangeKind.ADMIN_GRANTED, { ...admin, isAdmin: true }, at()));
  events.push(userChanged(UserChangeKind.ADMIN_GRANTED, { ...promoted, isAdmin: true }, at(), admin.userId));
  events.push(knowledgeBaseChanged(KnowledgeOperation.UPLOAD, { actorUserId: admin.userId, lawNames: ["نظام الشركات"], lawsChanged: 1, articlesChanged: 120, totalLaws: 4, totalArticles: 520 }, at()));
  events.push(documentChanged(DocumentChangeKind.ADDED, { documentId: "d1", title: "عقد عمل", category: "Labor Law", actorUserId: admin.userId }, at()));
  const guests = ["guest-session-a", "guest-session-b", "guest-session-c", "guest-session-d"];
  for (let i = 0; i < 240; i++) {
    const owner: Owner = random() < 0.6 ? user(pick(people).userId) : guest(pick(guests));
    events.push(...exchangeWithFeedback(`a${i}`, `c${Math.floor(i / 2)}`, owner, at(), random));
    if (i === 120) events.push(userChanged(UserChangeKind.UPDATED, { ...people[2]!, lastName: "Renamed" }, at()));
    if (i === 150) events.push(lawChanged("civil", "نظام المعاملات المدنية", "Civil Transactions Law (amended)", at(), LawChangeKind.UPDATED));
    if (i === 200) events.push(userChanged(UserChangeKind.ADMIN_REVOKED, promoted, at(), admin.userId), userChanged(UserChangeKind.DELETED, promoted, at()));
  }
  const late = exchange({ answerId: "late", conversationId: "c-late", owner: user(leaving.userId), question: "ما عقوبة التزوير؟", at: at() });
  events.push(userChanged(UserChangeKind.DELETED, leaving, at()), late);
  events.push(knowledgeBaseChanged(KnowledgeOperation.UPDATE_URLS, { actorUserId: admin.userId, lawsChanged: 4, articlesChanged: 0, totalLaws: 4, totalArticles: 520 }, at()));
  events.push(documentChanged(DocumentChangeKind.DELETED, { documentId: "d1", title: "عقد عمل", category: "Labor Law", actorUserId: admin.userId }, at()));
  for (const person of people.slice(0, 12)) events.push(userChanged(UserChangeKind.ACTIVE, person, new Date(NOW.getTime() - Math.floor(random() * 8 * 24 * 3600_000)).toISOString()));
  return events;
}

function exchangeWithFeedback(answerId: string, conversationId: string, owner: Owner, occurredAt: string, random: () => number): EventEnvelope[] {
  const wordings = QUESTIONS[Math.floor(random() * QUESTIONS.length)]!;
  const question = wordings[Math.floor(random() * wordings.length)]!;
  const gap = question.includes("فرنسا") || random() < 0.05;
  const citations = gap ? [] : Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const law = LAWS[Math.floor(random() * LAWS.length)]!;
    return citation(law.id, 1 + Math.floor(random() * 12), law.name, law.en);
  });
  const fallback = random() < 0.08;
  const answered = exchange({
    answerId,
    conversationId,
    owner,
    question,
    citations,
    language: /[a-z]/i.test(question) ? Language.EN : Language.AR,
    provider: fallback || random() < 0.85 ? "qai-local" : "openai",
    fallbackFrom: fallback ? "openai" : "",
    sourcesFound: gap ? 0 : citations.length + 2,
    answerMs: Math.round(50 * Math.exp(random() * 4)),
    at: occurredAt,
  });
  if (random() > 0.35) return [answered];
  const first = random() < 0.6 ? LIKE : DISLIKE;
  const later = new Date(Date.parse(occurredAt) + 60_000).toISOString();
  const reactions = [feedback({ messageId: answerId, owner, reaction: first, question, at: later })];
  const change = random();
  if (change < 0.2) reactions.push(feedback({ messageId: answerId, owner, previous: first, reaction: first === LIKE ? DISLIKE : LIKE, question, at: later.replace(/\.\d+Z$/, ".500Z") }));
  else if (change < 0.3) reactions.push(feedback({ messageId: answerId, owner, previous: first, reaction: NONE, question, at: later.replace(/\.\d+Z$/, ".600Z") }));
  return random() < 0.1 ? [...reactions, answered] : [answered, ...reactions];
}
