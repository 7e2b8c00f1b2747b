import { create } from "@bufbuild/protobuf";
import { OwnerSchema, type Owner } from "@qai/contracts";
import { AppError } from "@qai/platform";
import type { AccessTokenVerifier, VerifiedUser } from "./access-tokens";
import { guestSessionId, type Credentials } from "./guest-cookie";

const NO_SESSION = new AppError("unauthenticated", "no guest session cookie", {
  userMessage: {
    ar: "لا توجد جلسة. يرجى تحديث الصفحة أو تسجيل الدخول.",
    en: "No session found. Please reload the page or sign in.",
  },
});

const SIGN_IN_REQUIRED = new AppError("unauthenticated", "sign-in required", {
  userMessage: { ar: "يجب تسجيل الدخول أولًا.", en: "Please sign in first." },
});

const NOT_YOURS = new AppError("permission_denied", "the userId does not match the signed-in user", {
  userMessage: { ar: "لا تملك صلاحية الوصول إلى بيانات مستخدم آخر.", en: "You cannot access another user's data." },
});

/**
 * Who is calling, from credentials the server can check: a verified bearer access token (registered
 * users) or the signed guest cookie. A `userId` (or similar) in a query or body is only accepted
 * when it equals the token's subject (else 403); without a token it is refused (401).
 */
export class Callers {
  constructor(
    private readonly tokens: AccessTokenVerifier,
    /** Told of every verified user (keeps their last activity current). */
    private readonly onSeen: (user: VerifiedUser) => void = () => undefined,
  ) {}

  /** A registered user or a guest. */
  async ownerOf(request: Credentials, claimedUserId?: string | null): Promise<Owner> {
    return (await this.callerOf(request, claimedUserId)).owner;
  }

  /** The owner, and for a registered user the verified token's e-mail (quota keys a user's day by it). */
  async callerOf(request: Credentials, claimedUserId?: string | null): Promise<{ owner: Owner; email: string }> {
    if (bearerToken(request)) {
      const user = await this.userOf(request, claimedUserId);
      return { owner: userOwner(user), email: user.email };
    }
    if (claimedUserId) throw SIGN_IN_REQUIRED;
    const sessionId = guestSessionId(request);
    if (!sessionId) throw NO_SESSION;
    return { owner: create(OwnerSchema, { kind: { case: "guestSessionId", value: sessionId } }), email: "" };
  }

  /** A registered user only. */
  async userOf(request: Credentials, claimedUserId?: string | null): Promise<VerifiedUser> {
    const token = bearerToken(request);
    if (!token) throw SIGN_IN_REQUIRED;
    const user = await this.tokens.verify(token);
    if (claimedUserId && claimedUserId !== user.userId) throw NOT_YOURS;
    this.onSeen(user);
    return user;
  }
}

/** A value the client claims about itself must be the verified user's (e.g. `email`). */
export function assertOwn(claimed: string | null | undefined, actual: string): void {
  if (claimed && claimed.toLowerCase() !== actual.toLowerCase()) throw NOT_YOURS;
}

function bearerToken(request: Credentials): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

function userOwner(user: VerifiedUser): Owner {
  return create(OwnerSchema, { kind: { case: "userId", value: user.userId } });
}

/** The owner's id as the spec's `userId` field shows it (a user id or a guest session id). */
export function ownerId(owner: Owner | undefined): string {
  return owner?.kind.value ?? "";
}
