import { createTransport, type Transporter } from "nodemailer";
import type { MailMessage, Mailer } from "./mailer";

/** Sends mail through an SMTP server (`smtp://user:pass@host:587`, `smtps://…`). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send({ to, subject, text, html }: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject, text, html });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
