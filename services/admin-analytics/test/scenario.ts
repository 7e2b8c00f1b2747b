import { DocumentChangeKind, KnowledgeOperation, Language, UserChangeKind } from "@qai/contracts";
import type { EventEnvelope } from "@qai/event-bus";
import { citation, DISLIKE, documentChanged, exchange, feedback, guest, knowledgeBaseChanged, lawChanged, LIKE, NONE, user, userChanged, type Profile } from "./events";

/**
 * A small day of traffic whose figures are worked out by hand in figures.test.ts. The clock is
 * NOW (2025-08-06T12:00Z, 15:00 in Riyadh); "today" began at 2025-08-05T21:00Z.
 */

export const layla: Profile = { userId: "u-layla", email: "layla@qai.test", firstName: "ليلى", lastName: "القحطاني", createdAt: "2025-06-01T08:00:00.000Z" };
export const sara: Profile = { userId: "u-sara", email: "sara@example.com", firstName: "Sara", lastName: "Alotaibi", createdAt: "2025-07-01T10:00:00.000Z" };
export const omar: Profile = { userId: "u-omar", email: "omar@example.org", firstName: "Omar", lastName: "Alharbi", createdAt: "2025-07-10T10:00:00.000Z", provider: "google" };
export const dave: Profile = { userId: "u-dave", email: "dave@example.net", firstName: "Dave", lastName: "Doe", createdAt: "2025-07-20T10:00:00.000Z" };
export const eve: Profile = { userId: "u-eve", email: "eve@example.com", firstName: "Eve", lastName: "Stone", createdAt: "2025-08-06T07:00:00.000Z" };

export const GUEST_1 = "guest-session-0001";
export const GUEST_2 = "guest-session-0002";

export const LEAVE_AR = "كم مدة الإجازة السنوية المستحقة للعامل؟";
export const LEAVE_AR_DIACRITICS = "كم مدةُ الإجازةِ السنوية المستحقة للعامل";
export const LEAVE_AR_PLAIN = "كم مدة الإجازة السنوية المستحقة للعامل";
export const LEAVE_EN = "How long is the annual leave of a worker?";
export const CAPITAL = "ما هي عاصمة فرنسا؟";
export const CAPITAL_SHORT = "ما عاصمة فرنسا";
export const PROBATION = "What is the probation period under the Labor Law?";
export const FORGERY = "ما عقوبة التزوير؟";

const labor = (n: number) => citation("labor", n, "نظام العمل", "Labor Law");
const forgery = citation("forgery", 5, "نظام مكافحة التزوير", "Anti-Forgery Law");

export function dayInTheLife(): EventEnvelope[] {
  return [
    knowledgeBaseChanged(KnowledgeOperation.SEED, { lawsChanged: 1, articlesChanged: 245, totalLaws: 1, totalArticles: 245 }, "2025-06-01T00:00:00.000Z"),
    lawChanged("labor", "نظام العمل", "Labor Law", "2025-06-01T00:00:00.000Z"),
    userChanged(UserChangeKind.CREATED, layla, "2025-06-01T08:00:00.000Z"),
    userChanged(UserChangeKind.ADMIN_GRANTED, { ...layla, isAdmin: true }, "2025-06-01T09:00:00.000Z"),
    userChanged(UserChangeKind.CREATED, sara, "2025-07-01T10:00:00.000Z"),
    userChanged(UserChangeKind.CREATED, omar, "2025-07-10T10:00:00.000Z"),
    userChanged(UserChangeKind.CREATED, dave, "2025-07-20T10:00:00.000Z"),
    userChanged(UserChangeKind.CREATED, eve, "2025-08-06T07:00:00.000Z"),
    knowledgeBaseChanged(KnowledgeOperation.UPLOAD, { actorUserId: layla.userId, lawNames: ["نظام مكافحة التزوير"], lawsChanged: 1, articlesChanged: 20, totalLaws: 2, totalArticles: 265 }, "2025-06-02T08:00:00.000Z"),
    documentChanged(DocumentChangeKind.ADDED, { documentId: "d1", title: "عقد عمل نموذجي", category: "Labor Law", actorUserId: layla.userId }, "2025-06-03T08:00:00.000Z"),
    // 40 days ago: the dislike arrives before its exchange.
    feedback({ messageId: "a8", owner: guest(GUEST_2), reaction: DISLIKE, question: CAPITAL_SHORT, at: "2025-06-27T10:05:00.000Z" }),
    exchange({ answerId: "a8", conversationId: "c6", owner: guest(GUEST_2), question: CAPITAL_SHORT, sourcesFound: 0, answerMs: 90, at: "2025-06-27T10:00:00.000Z" }),
    // 10 days ago.
    exchange({ answerId: "a7", conversationId: "c5", owner: user(dave.userId), question: FORGERY, citations: [forgery], answerMs: 250, at: "2025-07-27T10:00:00.000Z" }),
    feedback({ messageId: "a7", owner: user(dave.userId), reaction: LIKE, question: FORGERY, at: "2025-07-27T10:01:00.000Z" }),
    // Yesterday (13:00 in Riyadh).
    exchange({ answerId: "a6", conversationId: "c4", owner: user(omar.userId), question: PROBATION, citations: [labor(53)], language: Language.EN, answerMs: 300, at: "2025-08-05T10:00:00.000Z" }),
    feedback({ messageId: "a6", owner: user(omar.userId), reaction: LIKE, question: PROBATION, at: "2025-08-05T10:01:00.000Z" }),
    feedback({ messageId: "a6", owner: user(omar.userId), previous: LIKE, reaction: NONE, question: PROBATION, at: "2025-08-05T10:02:00.000Z" }),
    // Today.
    exchange({ answerId: "a1", conversationId: "c1", owner: guest(GUEST_1), question: LEAVE_AR, citations: [labor(109)], answerMs: 120, at: "2025-08-06T08:00:00.000Z" }),
    exchange({ answerId: "a2", conversationId: "c1", owner: guest(GUEST_1), question: LEAVE_AR_DIACRITICS, citations: [labor(109), labor(110)], answerMs: 200, at: "2025-08-06T08:05:00.000Z" }),
    exchange({ answerId: "a3", conversationId: "c2", owner: user(sara.userId), question: LEAVE_EN, citations: [labor(109)], language: Language.EN, provider: "openai", answerMs: 900, at: "2025-08-06T09:00:00.000Z" }),
    exchange({ answerId: "a4", conversationId: "c3", owner: user(sara.userId), question: LEAVE_AR_PLAIN, citations: [labor(109)], fallbackFrom: "openai", answerMs: 150, at: "2025-08-06T09:30:00.000Z" }),
    exchange({ answerId: "a5", conversationId: "c4", owner: user(omar.userId), question: CAPITAL, sourcesFound: 0, answerMs: 80, at: "2025-08-06T10:00:00.000Z" }),
    feedback({ messageId: "a1", owner: guest(GUEST_1), reaction: LIKE, question: LEAVE_AR, at: "2025-08-06T08:01:00.000Z" }),
    feedback({ messageId: "a3", owner: user(sara.userId), reaction: DISLIKE, question: LEAVE_EN, at: "2025-08-06T09:01:00.000Z" }),
    feedback({ messageId: "a4", owner: user(sara.userId), reaction: LIKE, question: LEAVE_AR_PLAIN, at: "2025-08-06T09:31:00.000Z" }),
    feedback({ messageId: "a4", owner: user(sara.userId), previous: LIKE, reaction: DISLIKE, question: LEAVE_AR_PLAIN, at: "2025-08-06T09:32:00.000Z" }),
    userChanged(UserChangeKind.ADMIN_GRANTED, { ...omar, isAdmin: true }, "2025-08-06T10:30:00.000Z", layla.userId),
    userChanged(UserChangeKind.ADMIN_REVOKED, omar, "2025-08-06T10:40:00.000Z", layla.userId),
    userChanged(UserChangeKind.DELETED, dave, "2025-08-06T11:00:00.000Z"),
    userChanged(UserChangeKind.ACTIVE, { ...layla, isAdmin: true }, "2025-08-06T11:58:00.000Z"),
  ];
}
