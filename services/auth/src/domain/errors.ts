/**
 * The errors of the GoTrue API subset: HTTP status, stable `error_code` and the exact message the
 * reference gives, so supabase-js maps them as it does against hosted Supabase.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level body fields, e.g. `weak_password`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AuthError";
  }
}

export const validationFailed = (message: string): AuthError => new AuthError(400, "validation_failed", message);
export const badJson = (message: string): AuthError => new AuthError(400, "bad_json", `Could not parse request body as JSON: ${message}`);
export const requestTooLarge = (limit: string): AuthError => new AuthError(413, "request_too_large", `Request body is larger than the limit of ${limit}`);
export const notFound = (): AuthError => new AuthError(404, "not_found", "Not found");

export const signupDisabled = (): AuthError => new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
export const phoneProviderDisabled = (): AuthError => new AuthError(422, "phone_provider_disabled", "Phone signups are disabled");
export const userAlreadyExists = (): AuthError => new AuthError(422, "user_already_exists", "User already registered");
export const weakPassword = (minLength: number): AuthError => {
  const message = `Password should be at least ${minLength} characters.`;
  return new AuthError(422, "weak_password", message, { weak_password: { reasons: ["length"] } });
};
export const samePassword = (): AuthError => new AuthError(422, "same_password", "New password should be different from the old password.");

export const invalidCredentials = (): AuthError => new AuthError(400, "invalid_credentials", "Invalid login credentials");
export const unsupportedGrantType = (): AuthError => new AuthError(400, "invalid_credentials", "unsupported_grant_type");
export const emailNotConfirmed = (): AuthError => new AuthError(400, "email_not_confirmed", "Email not confirmed");

export const refreshTokenNotValid = (): AuthError => validationFailed("Refresh token is not valid");
export const refreshTokenNotFound = (): AuthError => new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
export const refreshTokenAlreadyUsed = (): AuthError => new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");

export const noAuthorization = (): AuthError => new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
export const badJwt = (reason: string): AuthError => new AuthError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${reason}`);
export const userNotFound = (): AuthError => new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
export const sessionNotFound = (): AuthError => new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
export const audienceMismatch = (): AuthError => validationFailed("Token audience doesn't match request audience");
export const notAdmin = (): AuthError => new AuthError(403, "not_admin", "Updating app_metadata requires admin privileges");

export const otpExpired = (): AuthError => new AuthError(403, "otp_expired", "Token has expired or is invalid");
/** The `error_description` of an expired or used e-mail link (GET /verify). */
export const EMAIL_LINK_INVALID = "Email link is invalid or has expired";

export const emailRateLimited = (): AuthError => new AuthError(429, "over_email_send_rate_limit", "email rate limit exceeded");
export const mailTooSoon = (seconds: number): AuthError =>
  new AuthError(429, "over_email_send_rate_limit", `For security purposes, you can only request this after ${seconds} seconds.`);
export const requestRateLimited = (): AuthError => new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
/** Per-account sign-in throttling (not in GoTrue): GoTrue's rate-limit code, a message in both languages. */
export const signInThrottled = (seconds: number): AuthError =>
  new AuthError(
    429,
    "over_request_rate_limit",
    `محاولات دخول كثيرة لهذا الحساب. حاول مرة أخرى بعد ${seconds} ثانية. · Too many sign-in attempts for this account. Try again in ${seconds} seconds.`,
    { retry_after: seconds },
  );
export const mailNotSent = (): AuthError => new AuthError(500, "unexpected_failure", "Error sending confirmation email");

export const badCodeVerifier = (): AuthError => new AuthError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
export const flowStateNotFound = (): AuthError => new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
export const flowStateExpired = (): AuthError => new AuthError(422, "flow_state_expired", "invalid flow state, flow state has expired");

export const insufficientAal = (status: number, message: string): AuthError => new AuthError(status, "insufficient_aal", message);
export const factorNotFound = (): AuthError => new AuthError(404, "mfa_factor_not_found", "Factor not found");
export const factorIdNotUuid = (): AuthError => new AuthError(404, "validation_failed", "factor_id must be an UUID");
export const factorNameConflict = (name: string): AuthError =>
  new AuthError(422, "mfa_factor_name_conflict", `A factor with the friendly name "${name}" for this user already exists`);
export const tooManyFactors = (): AuthError =>
  new AuthError(422, "too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue");
export const phoneMfaDisabled = (): AuthError => new AuthError(422, "mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
export const challengeNotFound = (): AuthError => new AuthError(422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
export const challengeIpMismatch = (): AuthError => new AuthError(422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
export const challengeExpired = (): AuthError =>
  new AuthError(422, "mfa_challenge_expired", "MFA challenge has expired, verify against another challenge or create a new challenge.");
export const totpInvalid = (): AuthError => new AuthError(422, "mfa_verification_failed", "Invalid TOTP code entered");

export const unexpectedFailure = (): AuthError =>
  new AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information");
