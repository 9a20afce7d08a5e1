import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { describeAuditEntry } from "@/lib/audit-reading/sentence";
import { displayFormatter } from "@/lib/display/formatter";
import { AuditSentenceText } from "./audit-sentence";

const HOSTILE = '<img src=x onerror="alert(1)">';

describe("a sentence on the page", () => {
  it("shows a hostile name as text, escaped by React, and links what the reader may open", () => {
    const { parts } = describeAuditEntry(
      {
        id: "e1",
        createdAt: "2026-11-25T20:06:00.000Z",
        actorKind: "user",
        actorId: "5a000000-0000-4000-8000-000000000001",
        actorEmail: "x@example.test",
        actorName: HOSTILE,
        clientAddress: null,
        userAgent: null,
        action: "invoice.created",
        objectType: "invoice",
        objectId: "1a000000-0000-4000-8000-000000000001",
        before: null,
        after: null,
        note: null,
        objectUser: null,
        invoice: { orderId: "</p><script>x</script>", amount: "120", fiatCurrency: "EUR", currency: null },
        withdrawal: null,
        relatedInvoice: null,
        change: null,
      },
      {
        ...displayFormatter({ timeZone: "UTC", locale: "en-US" }),
        mayManageUsers: true,
        mayViewChanges: false,
      },
    );
    const html = renderToStaticMarkup(createElement(AuditSentenceText, { parts }));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain('href="/admin/users/5a000000-0000-4000-8000-000000000001"');
    expect(html).toContain('href="/invoices/1a000000-0000-4000-8000-000000000001"');
    expect(html).toContain(" for 120.00 EUR");
  });
});
