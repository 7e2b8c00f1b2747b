/** Maps an auth failure to the spec §8 title and message keys of the `authModal` namespace. */
export interface AuthMessage {
  title: string;
  message: string;
}

interface FailureLike {
  code?: string;
  status?: number;
  message?: string;
  name?: string;
}

function isNetworkFailure(error: FailureLike): boolean {
  return (
    error.name === "AuthRetryableFetchError" ||
    error.status === 0 ||
    /failed to fetch|networkerror|network request failed|load failed/i.test(error.message ?? "")
  );
}

export function describeAuthFailure(error: unknown, mode: "signin" | "signup"): AuthMessage {
  const failure = (error && typeof error === "object" ? error : { message: String(error) }) as FailureLike;
  const title = mode === "signin" ? "errors.signInTitle" : "errors.signUpTitle";
  const message = failure.message ?? "";
  switch (failure.code) {
    case "invalid_credentials":
      return { title: "errors.signInTitle", message: "errors.invalidCredentials" };
    case "email_not_confirmed":
      return { title: "errors.signInTitle", message: "errors.emailNotConfirmed" };
    case "user_already_exists":
    case "email_exists":
      return { title: "errors.signUpTitle", message: "errors.alreadyRegistered" };
    case "weak_password":
      return { title: "errors.passwordTitle", message: "validation.passwordMin" };
    case "over_email_send_rate_limit":
    case "over_request_rate_limit":
      return { title, message: "errors.rateLimited" };
    case "auth_unavailable":
      return { title: "errors.unavailableTitle", message: "errors.unavailable" };
    case "validation_failed":
    case "email_address_invalid":
      if (/invalid format|invalid email|email address .* invalid/i.test(message)) {
        return { title, message: "errors.invalidEmail" };
      }
      break;
  }
  // Older servers only give the message text.
  if (/invalid login credentials/i.test(message)) return { title: "errors.signInTitle", message: "errors.invalidCredentials" };
  if (/email not confirmed/i.test(message)) return { title: "errors.signInTitle", message: "errors.emailNotConfirmed" };
  if (/already (registered|exists)/i.test(message)) return { title: "errors.signUpTitle", message: "errors.alreadyRegistered" };
  if (isNetworkFailure(failure)) return { title, message: "errors.network" };
  return { title, message: "errors.unexpected" };
}
