/** An e-mail to send. `links` are the actions it offers (the dev mailbox lists them). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** The mail port: the dev mailbox in the embedded default, SMTP in production. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
