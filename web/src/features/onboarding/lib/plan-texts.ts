import type { PlanId } from "./machine";

/** Keys of the spec §6 plan texts (strings live in the `landing` namespace under `pricing.<plan>`). */
export const PLAN_TEXTS: Record<PlanId, { features: string[]; limitations: string[] }> = {
  free: { features: ["questions", "basic", "arabic", "common"], limitations: ["citations", "history"] },
  professional: { features: ["unlimited", "citations", "documents", "history", "priority", "support"], limitations: [] },
};
