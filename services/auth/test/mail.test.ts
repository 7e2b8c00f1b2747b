import { once } from "node:events";
import { createServer, type AddressInfo, type Server } from "node:net";
import { latestMailTo, mailbox, startTestAuth, supabaseClient, uniqueEmail, type TestAuth } from "./helpers";

describe("the dev mailbox (MAIL_MODE=dev, the default)", () => {
  let auth: TestAuth;
  beforeAll(async () => {
    auth = await startTestAuth();
  });
  afterAll(() => auth.stop());

  test("lists messages newest first as JSON and as a bilingual page with clickable, escaped links", async () => {
    const first = uniqueEmail("first");
    const second = `o'neil&co-${Date.now()}@example.com`;
    await supabaseClient(auth.url).auth.signUp({ email: first, password: "secret-pass-1" });
    await supabaseClient(auth.url).auth.signUp({ email: second, password: "secret-pass-1" });
    const messages = await mailbox(auth.url);
    expect(messages.map((message) => message.to)).toEqual([second, first]);
    expect(messages[0]).toEqual({ id: expect.any(String), to: second, subject: expect.any(String), text: expect.any(String), html: expect.any(String), links: [expect.any(String)], createdAt: expect.any(String) });

    const page = await fetch(`${auth.url}/dev/mailbox`);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("صندوق البريد التجريبي");
    expect(html).toContain("Dev mailbox");
    expect(html).toContain("o&#39;neil&amp;co");
    expect(html).not.toContain("o'neil&co");
    const link = (await latestMailTo(auth.url, first)).links[0]!;
    expect(html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    expect(html.indexOf(second.replace("'", "&#39;").replace("&", "&amp;"))).toBeLessThan(html.indexOf(first));
  });
});

/** A minimal SMTP server that records what it receives. */
async function fakeSmtpServer(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data = "";
    let inData = false;
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      data += chunk.toString("utf8");
      let newline: number;
      while (!inData && (newline = data.indexOf("\r\n")) >= 0) {
        const line = data.slice(0, newline);
        data = data.slice(newline + 2);
        if (/^(EHLO|HELO)/i.test(line)) socket.write("250 fake\r\n");
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
      const end = data.indexOf("\r\n.\r\n");
      if (inData && end >= 0) {
        received.push(data.slice(0, end));
        data = data.slice(end + 5);
        inData = false;
        socket.write("250 queued\r\n");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port, received };
}

describe("SMTP mode", () => {
  test("sends the confirmation through SMTP_URL from MAIL_FROM, and the dev mailbox is 404", async () => {
    const smtp = await fakeSmtpServer();
    const auth = await startTestAuth({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "QAI <auth@qai.example>" });
    try {
      const email = uniqueEmail("smtp");
      const { error } = await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1" });
      expect(error).toBeNull();
      expect(smtp.received).toHaveLength(1);
      const message = smtp.received[0]!;
      expect(message).toMatch(/^From: QAI <auth@qai\.example>/m);
      expect(message).toContain(`To: ${email}`);
      expect(message).toContain("Confirm your email");
      expect((await fetch(`${auth.url}/dev/mailbox`)).status).toBe(404);
      expect((await fetch(`${auth.url}/dev/mailbox/messages`)).status).toBe(404);
    } finally {
      await auth.stop();
      smtp.server.close();
    }
  });

  test("MAIL_MODE=smtp without SMTP_URL stops start-up with a message naming the variable", async () => {
    await expect(startTestAuth({ MAIL_MODE: "smtp" })).rejects.toThrow(/SMTP_URL is required/);
  });

  test("a mail server that is down is a 500 for sign-up, and the user may retry at once", async () => {
    const smtp = await fakeSmtpServer();
    const { port } = smtp;
    smtp.server.close();
    const auth = await startTestAuth({ MAIL_MODE: "smtp", SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = uniqueEmail("down");
      const failed = await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1" });
      expect(failed.error).toMatchObject({ status: 500 });
      const retry = await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1" });
      expect(retry.error?.code).not.toBe("over_email_send_rate_limit");
    } finally {
      await auth.stop();
    }
  });
});
