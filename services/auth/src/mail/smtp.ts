import type { Transporter } from "nodemailer";
import type { MailMessage, Mailer } from "./mailer";

/**
 * Sends mail through an SMTP server (`smtp://user:pass@host:587`, `smtps://…`). Nodemailer is loaded
 * here, when SMTP is configured, so the dev mailbox of the embedded default never loads it.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load, see above
    const { createTransport } = require("nodemailer") as typeof import("nodemailer");
    this.transport = createTransport(url);
  }

  async send({ to, subject, text, html }: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject, text, html });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
