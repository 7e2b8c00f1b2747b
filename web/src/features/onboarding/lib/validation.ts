/** Onboarding sign-up form rules (spec §5); messages are keys of the `onboarding` namespace. */
export type AccountField = "firstName" | "lastName" | "email" | "password" | "confirmPassword";
export type AccountValues = Record<AccountField, string>;
export type AccountErrors = Partial<Record<AccountField, string>>;

/** Local part, @, domain, dot, at least two letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const ONBOARDING_PASSWORD_MIN = 8;

export const EMPTY_ACCOUNT: AccountValues = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return "validation.emailRequired";
  if (!EMAIL_PATTERN.test(value)) return "validation.emailInvalid";
  return undefined;
}

export function validateAccount(values: AccountValues): AccountErrors {
  const errors: AccountErrors = {};
  if (!values.firstName.trim()) errors.firstName = "validation.firstNameRequired";
  if (!values.lastName.trim()) errors.lastName = "validation.lastNameRequired";
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password.trim()) errors.password = "validation.passwordRequired";
  else if (values.password.length < ONBOARDING_PASSWORD_MIN) errors.password = "validation.passwordMin";
  if (!values.confirmPassword.trim()) errors.confirmPassword = "validation.confirmRequired";
  else if (values.confirmPassword !== values.password) errors.confirmPassword = "validation.passwordMismatch";
  return errors;
}

/** Spec §8 onboarding sign-up errors → title and message keys. */
export function describeSignUpFailure(error: unknown): { title: string; message: string } {
  if (!error || typeof error !== "object") return { title: "errors.creationTitle", message: "errors.unexpected" };
  const { code, status, message = "", name } = error as { code?: string; status?: number; message?: string; name?: string };
  const text = String(message);
  if (name === "AuthRetryableFetchError" || status === 0 || /failed to fetch|networkerror|network request failed|load failed/i.test(text)) {
    return { title: "errors.creationTitle", message: "errors.network" };
  }
  if (/invalid.*email|email.*invalid|invalid format/i.test(text) || code === "email_address_invalid") {
    return { title: "errors.invalidEmailTitle", message: "errors.invalidEmail" };
  }
  if (code === "user_already_exists" || code === "email_exists" || /already (registered|exists)/i.test(text)) {
    return { title: "errors.existsTitle", message: "errors.exists" };
  }
  if (code === "weak_password" || /password/i.test(text)) return { title: "errors.passwordTitle", message: "errors.password" };
  if (code || status) return { title: "errors.creationTitle", message: "errors.creation" };
  return { title: "errors.creationTitle", message: "errors.unexpected" };
}
