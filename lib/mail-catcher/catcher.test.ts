import { afterAll, beforeAll, expect, it } from "vitest";
import { readMailConfig } from "@/lib/mail/mail-config";
import { smtpTransport } from "@/lib/mail/smtp-transport";
import { startMailCatcher } from "./catcher";
import { handleMailbox } from "./mailbox-page";

let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0 });
});
afterAll(() => catcher.close());

it("keeps what Paydesk sends and shows it in the mailbox, its HTML part only in a sandbox", async () => {
  const config = readMailConfig({
    SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
    MAIL_FROM: "shop@demo.invalid",
  });
  if (!config.ok || !config.config) throw new Error("config");
  const transport = smtpTransport(config.config);
  try {
    await transport.send({
      from: config.config.from,
      to: { name: "Cleo Customer", address: "cleo@customer.example" },
      subject: "Your payment link <b>ORD-1</b>",
      text: "Pay here: http://127.0.0.1:3000/sandbox/pay/abc\nThanks.",
      html: '<p>Pay <a href="http://127.0.0.1:3000/sandbox/pay/abc">here</a></p><script>alert(1)</script>',
      headers: {},
    });
  } finally {
    transport.close();
  }
  const list = await handleMailbox([]).text();
  expect(list).toContain("cleo@customer.example");
  expect(list).toContain("Your payment link &lt;b&gt;ORD-1&lt;/b&gt;");
  const id = /href="\/sandbox\/mail\/([0-9a-f-]{36})"/.exec(list)?.[1] ?? "";
  const message = handleMailbox([id]);
  expect(message.headers.get("content-security-policy")).toContain("default-src 'none'");
  const page = await message.text();
  expect(page).toContain('<a href="http://127.0.0.1:3000/sandbox/pay/abc" rel="noopener noreferrer">');
  expect(page).toContain('<iframe title="The message\'s HTML part" sandbox="allow-popups');
  const htmlPart = handleMailbox([id, "html"]);
  expect(htmlPart.headers.get("content-security-policy")).toMatch(/^sandbox allow-popups/);
  expect(await htmlPart.text()).toContain("<script>alert(1)</script>");
  expect(handleMailbox(["not-a-message"]).status).toBe(404);
});
