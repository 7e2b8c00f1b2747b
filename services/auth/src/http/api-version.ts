import type { Request } from "express";

export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const CURRENT_API_VERSION = "2024-01-01";

/** True when the request names API version 2024-01-01 or a later valid date (supabase-js always does). */
export function requestsCurrentApiVersion(request: Request): boolean {
  const value = request.get(API_VERSION_HEADER);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= CURRENT_API_VERSION;
}
