import { z } from "zod";
import { parseAdminEmails } from "./domain/admin-emails";

/** accounts' own variables, shared by its process and the all-in-one product. */
export const accountsEnvSchema = z.object({
  /** Comma-separated e-mail addresses that are admins once they sign in (any case). */
  ADMIN_EMAILS: z.string().default("").transform(parseAdminEmails),
});
