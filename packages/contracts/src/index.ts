// Re-exports the code generated from proto/ (see packages/contracts/README.md).
export * from "./gen/qai/common/v1/common_pb";
export * from "./gen/qai/knowledge/v1/knowledge_pb";
export * from "./gen/qai/conversation/v1/conversation_pb";
export * from "./gen/qai/quota/v1/quota_pb";
export * from "./gen/qai/chat/v1/chat_pb";
export * from "./gen/qai/events/v1/events_pb";
export * from "./gen/qai/accounts/v1/accounts_pb";
export * from "./gen/qai/auth/v1/auth_pb";
export * from "./gen/qai/analytics/v1/analytics_pb";
export * from "./topics";
export * from "./limits";
