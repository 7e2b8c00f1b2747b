import { validationFailed } from "./errors";

// GoTrue's address pattern (local part, @, DNS labels).
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const EMAIL_MAX_LENGTH = 255;

/** The address trimmed and lower-cased; throws GoTrue's validation error when it is missing or malformed. */
export function normalizeEmail(raw: string | undefined): string {
  const email = (raw ?? "").trim().toLowerCase();
  if (email === "") throw validationFailed("An email address is required");
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) throw validationFailed("Unable to validate email address: invalid format");
  return email;
}
