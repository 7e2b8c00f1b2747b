import { z } from "zod";
import { DEFAULT_RESERVATION_LEASE_MS } from "./app/reservations";
import type { QuotaLimits } from "./domain/budget";

/** quota's own variables (the question budgets, the reservation lease), shared by its process and the all-in-one product. */
export const quotaEnvSchema = z.object({
  GUEST_QUESTION_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  USER_DAILY_QUESTION_LIMIT: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Guest questions per IP address and Saudi day, across guest sessions; 0 turns the cap off. */
  GUEST_IP_DAILY_QUESTION_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(50),
  /** How long a reservation may stay unsettled (a gateway died mid-answer) before it is given back; above the longest answer. */
  QUOTA_RESERVATION_LEASE_MS: z.coerce.number().int().min(1000).default(DEFAULT_RESERVATION_LEASE_MS),
});

export type QuotaConfig = z.infer<typeof quotaEnvSchema>;

/** The budgets from quota's variables. */
export function quotaLimits(config: QuotaConfig): QuotaLimits {
  return { guest: config.GUEST_QUESTION_LIMIT, userDaily: config.USER_DAILY_QUESTION_LIMIT, guestIpDaily: config.GUEST_IP_DAILY_QUESTION_LIMIT };
}
