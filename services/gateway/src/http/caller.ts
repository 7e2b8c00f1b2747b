import type { Request } from "express";
import { create } from "@bufbuild/protobuf";
import { OwnerSchema, type Owner } from "@qai/contracts";
import { AppError } from "@qai/platform";
import { guestSessionId } from "./guest-cookie";

const NO_SESSION = new AppError("unauthenticated", "no guest session cookie", {
  userMessage: {
    ar: "لا توجد جلسة. يرجى تحديث الصفحة أو تسجيل الدخول.",
    en: "No session found. Please reload the page or sign in.",
  },
});

const SIGN_IN_REQUIRED = new AppError("unauthenticated", "a userId was given without a verified access token", {
  userMessage: { ar: "يجب تسجيل الدخول أولًا.", en: "Please sign in first." },
});

/**
 * Who is calling. The caller is identified only from credentials the server can check: the signed
 * guest cookie here; registered users' bearer tokens are verified by the accounts layer. A `userId`
 * in a query or body is never trusted on its own.
 */
export function callerOf(request: Request, claimedUserId?: string | null): Owner {
  if (claimedUserId) throw SIGN_IN_REQUIRED;
  const sessionId = guestSessionId(request);
  if (!sessionId) throw NO_SESSION;
  return create(OwnerSchema, { kind: { case: "guestSessionId", value: sessionId } });
}

/** The owner's id as the spec's `userId` field shows it (a user id or a guest session id). */
export function ownerId(owner: Owner | undefined): string {
  return owner?.kind.value ?? "";
}
