import { randomUUID } from "node:crypto";
import type { RecordStore } from "@qai/record-store";
import type { Clock } from "../app/clock";
import type { MailMessage, Mailer } from "./mailer";

export interface StoredMail extends MailMessage {
  id: string;
  createdAt: string;
}

const SHOWN_MESSAGES = 200;

/** Keeps every message in the auth store instead of sending it; shown at /dev/mailbox. */
export class DevMailbox implements Mailer {
  constructor(
    private readonly store: RecordStore,
    private readonly clock: Clock,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html, links } = message;
    await mails(this.store).insert({ id: randomUUID(), to, subject, text, html, links, createdAt: new Date(this.clock()).toISOString() });
  }

  /** The newest messages first. */
  async messages(): Promise<StoredMail[]> {
    const page = await mails(this.store).find({ orderBy: { field: "createdAt", direction: "desc" }, limit: SHOWN_MESSAGES });
    return page.items;
  }
}

const mails = (store: RecordStore) => store.collection<StoredMail>("dev_mailbox", { indexes: ["createdAt"] });
