/** The event topics of DESIGN §1; each carries the message named beside it (qai.events.v1). */
export const TOPICS = {
  /** ChatExchange: a question and its stored answer. */
  chatExchange: "chat.exchange.v1",
  /** FeedbackGiven: a like or dislike of an answer given, switched or withdrawn. */
  conversationFeedback: "conversation.feedback.v1",
  /** LawChanged: a law imported, updated or deleted. */
  knowledgeLaw: "knowledge.law.v1",
  /** KnowledgeBaseChanged: one admin operation on the knowledge base (or the seed), with its size after. */
  knowledgeBase: "knowledge.base.v1",
  /** DocumentChanged: a legal document added or deleted. */
  knowledgeDocument: "knowledge.document.v1",
  /** UserChanged: a registered user created, updated or deleted. */
  accountsUser: "accounts.user.v1",
  /** SessionsRevoked: sessions ended (logout, refresh-token reuse, password change, deletion). */
  authSession: "auth.session.v1",
} as const;
