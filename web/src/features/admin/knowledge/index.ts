/** The knowledge-base manager: /admin and the admin panel's Knowledge tab render it. */
export { KnowledgeManager, type KnowledgeManagerProps } from "./KnowledgeManager";
