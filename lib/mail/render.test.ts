import { describe, expect, it } from "vitest";
import { DisallowedLinkError, isAllowedLink, renderMail } from "./render";

const ALLOWED = ["https://paydesk.shop.example/", "https://pay.service.example/pay/inv_1"];
const hostile = `<script>alert("x")</script> & 'friends'`;

describe("renderMail", () => {
  it("writes both parts from one content, every value escaped in HTML and kept as is in text", () => {
    const mail = renderMail(
      {
        heading: `Invoice ${hostile}`,
        paragraphs: [`Hello ${hostile}`],
        details: [["Order", hostile]],
        action: { label: "Pay now", url: "https://pay.service.example/pay/inv_1?x=1&y=2" },
        footer: [`Shop ${hostile}`],
      },
      ALLOWED,
    );
    expect(mail.text).toContain(`Invoice ${hostile}`);
    expect(mail.text).toContain(`Order: ${hostile}`);
    expect(mail.text).toContain("Pay now: https://pay.service.example/pay/inv_1?x=1&y=2");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;");
    expect(mail.html).toContain('href="https://pay.service.example/pay/inv_1?x=1&amp;y=2"');
  });

  it("refuses a link anywhere but Paydesk and the invoice's payment page", () => {
    const content = (url: string) => ({
      heading: "h",
      paragraphs: [],
      action: { label: "Go", url },
      footer: [],
    });
    for (const url of [
      "https://evil.example/pay/inv_1",
      "javascript:alert(1)",
      "https://pay.service.example/pay/inv_2",
      "https://pay.service.example/pay/inv_10",
      "https://user:pass@paydesk.shop.example/",
      "https://paydesk.shop.example.evil.example/",
    ]) {
      expect(() => renderMail(content(url), ALLOWED)).toThrow(DisallowedLinkError);
    }
    expect(isAllowedLink("https://paydesk.shop.example/invoices/1", ALLOWED)).toBe(true);
  });

  it("lists linked items (a digest) escaped, and checks each item's link like any other", () => {
    const mail = renderMail(
      {
        heading: "Digest",
        paragraphs: [],
        items: [
          {
            text: `Withdrawal ${hostile}`,
            url: "https://paydesk.shop.example/withdrawals/1",
            note: "26 Nov",
          },
        ],
        footer: [],
      },
      ALLOWED,
    );
    expect(mail.text).toContain(
      `- Withdrawal ${hostile} (26 Nov)\n  https://paydesk.shop.example/withdrawals/1`,
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('<a href="https://paydesk.shop.example/withdrawals/1"');
    expect(() =>
      renderMail(
        { heading: "h", paragraphs: [], items: [{ text: "x", url: "https://evil.example/" }], footer: [] },
        ALLOWED,
      ),
    ).toThrow(DisallowedLinkError);
  });
});
