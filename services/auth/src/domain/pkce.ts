import { createHash } from "node:crypto";
import { validationFailed, type AuthError } from "./errors";
import { safeEqual } from "./secrets";

export const FLOW_STATE_TTL_SECONDS = 300;

export type ChallengeMethod = "s256" | "plain";

/** A PKCE flow started by sign-up or resend; the auth code is set once the e-mail link is followed. */
export interface FlowStateRecord {
  id: string;
  userId: string;
  codeChallenge: string;
  method: ChallengeMethod;
  authMethod: "email/signup";
  authCode?: string;
  createdAt: string;
}

/** The PKCE parameters of a request: none (implicit flow), a challenge, or GoTrue's validation error. */
export function pkceChallenge(challenge: string | undefined, method: string | undefined): { challenge?: { codeChallenge: string; method: ChallengeMethod } } | { error: AuthError } {
  if (!challenge && !method) return {};
  if (!challenge || !method) return { error: validationFailed("PKCE flow requires code_challenge_method and code_challenge") };
  const normalized = method.toLowerCase();
  if (normalized !== "s256" && normalized !== "plain") return { error: validationFailed(`code challenge method ${method} is not supported`) };
  if (challenge.length < 43 || challenge.length > 128) return { error: validationFailed("code challenge has to be between 43 and 128 characters") };
  return { challenge: { codeChallenge: challenge, method: normalized } };
}

export function verifierMatches(flow: Pick<FlowStateRecord, "codeChallenge" | "method">, verifier: string): boolean {
  const derived = flow.method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return safeEqual(derived, flow.codeChallenge);
}
