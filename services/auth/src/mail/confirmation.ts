import { escapeHtml } from "./escape";
import type { MailMessage } from "./mailer";

/** The sign-up confirmation e-mail: Arabic first (right-to-left), then English; the link and the 6-digit code. */
export function confirmationMail(to: string, link: string, otp: string, linkHours: number): MailMessage {
  const subject = "تأكيد بريدك الإلكتروني | Confirm your email";
  const text = [
    "مرحبًا،",
    "شكرًا لتسجيلك في QAI. لتأكيد بريدك الإلكتروني افتح الرابط التالي:",
    link,
    `أو أدخل الرمز: ${otp}`,
    `صلاحية الرابط والرمز ${linkHours} ساعة. إن لم تطلب إنشاء حساب فتجاهل هذه الرسالة.`,
    "",
    "---",
    "",
    "Hello,",
    "Thank you for signing up to QAI. To confirm your email, open this link:",
    link,
    `or enter the code: ${otp}`,
    `The link and the code are valid for ${linkHours} hours. If you did not ask for an account, ignore this message.`,
  ].join("\n");
  const href = escapeHtml(link);
  const code = escapeHtml(otp);
  const html = `<!doctype html>
<html lang="ar" dir="rtl"><body style="font-family:Tahoma,Arial,sans-serif;line-height:1.6">
<div dir="rtl" lang="ar" style="text-align:right">
<h2>تأكيد بريدك الإلكتروني</h2>
<p>شكرًا لتسجيلك في QAI. لتأكيد بريدك الإلكتروني اضغط الرابط التالي:</p>
<p><a href="${href}">تأكيد البريد الإلكتروني</a></p>
<p>أو أدخل الرمز: <strong dir="ltr">${code}</strong></p>
<p>صلاحية الرابط والرمز ${linkHours} ساعة. إن لم تطلب إنشاء حساب فتجاهل هذه الرسالة.</p>
</div>
<hr>
<div dir="ltr" lang="en" style="text-align:left">
<h2>Confirm your email</h2>
<p>Thank you for signing up to QAI. To confirm your email, follow this link:</p>
<p><a href="${href}">Confirm your email</a></p>
<p>or enter the code: <strong>${code}</strong></p>
<p>The link and the code are valid for ${linkHours} hours. If you did not ask for an account, ignore this message.</p>
</div>
</body></html>`;
  return { to, subject, text, html, links: [link] };
}
