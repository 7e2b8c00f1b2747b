import { Router, type RequestHandler } from "express";
import { notFound } from "../domain/errors";
import { isLoopbackAddress } from "../domain/loopback";
import type { DevMailbox, StoredMail } from "./dev-mailbox";
import { escapeHtml } from "./escape";

/**
 * `/dev/mailbox` (an HTML page) and `/dev/mailbox/messages` (JSON), newest first. Mounted only when
 * MAIL_MODE=dev outside production, and answered only to clients on this machine: whoever reads it
 * can confirm any account and receive its session.
 */
export function devMailboxRoutes(mailbox: DevMailbox): Router {
  const router = Router();
  router.use("/dev/mailbox", loopbackOnly);
  router.get("/dev/mailbox/messages", async (_request, response) => {
    response.setHeader("Cache-Control", "no-store");
    response.json(await mailbox.messages());
  });
  router.get("/dev/mailbox", async (_request, response) => {
    response.setHeader("Cache-Control", "no-store");
    response.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.type("html").send(mailboxPage(await mailbox.messages()));
  });
  return router;
}

function mailboxPage(messages: StoredMail[]): string {
  const items = messages.length === 0 ? `<p class="empty">لا توجد رسائل بعد. · No messages yet.</p>` : messages.map(messageItem).join("\n");
  return `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>صندوق البريد التجريبي · Dev mailbox</title>
<style>
body{font-family:Tahoma,Arial,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0}
pre{white-space:pre-wrap;background:#f9fafb;padding:.75rem;border-radius:.25rem;direction:auto;unicode-bidi:plaintext}
.meta{color:#6b7280;font-size:.9rem}.links a{display:block;word-break:break-all;margin:.25rem 0}
</style></head><body>
<h1>صندوق البريد التجريبي <span lang="en" dir="ltr">· Dev mailbox</span></h1>
<p>كل رسالة يرسلها خادم المصادقة تظهر هنا، الأحدث أولًا. <span lang="en" dir="ltr">Every message the auth server sends shows here, newest first.</span></p>
${items}
</body></html>`;
}

function messageItem(message: StoredMail): string {
  const links = message.links
    .filter((link) => /^https?:\/\//i.test(link))
    .map((link) => `<a dir="ltr" href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .join("");
  return `<article>
<h2><bdi>${escapeHtml(message.subject)}</bdi></h2>
<p class="meta">إلى · To: <bdi dir="ltr">${escapeHtml(message.to)}</bdi> — <time dir="ltr" datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time></p>
<div class="links">${links}</div>
<pre>${escapeHtml(message.text)}</pre>
</article>`;
}

/**
 * 404 (as if absent) unless the client is on loopback. `request.ip` is the socket's peer, or the
 * address a trusted proxy (AUTH_TRUSTED_PROXIES; the gateway appends its own peer) forwarded, so a
 * remote caller cannot claim 127.0.0.1 in X-Forwarded-For.
 */
const loopbackOnly: RequestHandler = (request, _response, next) => {
  if (!isLoopbackAddress(request.ip ?? "")) throw notFound();
  next();
};
