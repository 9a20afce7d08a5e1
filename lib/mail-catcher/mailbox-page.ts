/**
 * The demo's mailbox at /sandbox/mail: what Paydesk sent through the embedded mail catcher
 * (catcher.ts), newest first, and each message with its text, its links and its HTML part.
 * The HTML part is served on its own URL with a CSP sandbox (no script, no same origin) and shown
 * in a sandboxed frame: mail is content from elsewhere, even in a demo.
 */
import { createHash } from "node:crypto";
import { escapeHtml as esc } from "@/lib/mail/render";
import { caughtMail, findCaughtMail, isCatchingMail, type CaughtMessage } from "./mailbox";

export const MAILBOX_PATH = "/sandbox/mail";

function html(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

function notFound(message = "Not found."): Response {
  return new Response(message, { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}

const CSS = `body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
table{width:100%;border-collapse:collapse;font-size:.9rem}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #eee;vertical-align:top}
.muted{color:#555;font-size:.9rem}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem;border-radius:.5rem}
iframe{width:100%;height:32rem;border:1px solid #ddd;border-radius:.5rem}dl{display:grid;grid-template-columns:8rem 1fr;gap:.25rem 1rem}
dt{color:#555}a{color:#1d4ed8}`;

const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(CSS, "utf8").digest("base64")}'`,
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The HTML part, on its own: no script, a unique origin, links open outside the frame. */
const HTML_PART_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

function page(title: string, body: string): Response {
  const response = html(
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · Sandbox mailbox</title><style>${CSS}</style></head><body>${body}</body></html>`,
  );
  response.headers.set("content-security-policy", CSP);
  return response;
}

/** GET /sandbox/mail[/<id>[/html]]; 404 unless this process runs the catcher. */
export function handleMailbox(segments: readonly string[]): Response {
  if (!isCatchingMail()) return notFound("Not found: the demo's mail catcher is off (PAYDESK_MAIL_CATCHER).");
  const base = MAILBOX_PATH;
  const [id, part, ...rest] = segments;
  if (id === undefined) return listPage(base);
  const message = findCaughtMail(id);
  if (!message || rest.length > 0) return notFound("No such message in the mailbox.");
  if (part === undefined) return messagePage(base, message);
  if (part === "html" && message.html !== null) {
    const response = html(200, message.html);
    response.headers.set("content-security-policy", HTML_PART_CSP);
    return response;
  }
  return notFound();
}

function listPage(base: string): Response {
  const messages = caughtMail();
  const rows = messages
    .map(
      (message) =>
        `<tr data-testid="mailbox-row"><td>${esc(message.receivedAt.toISOString().slice(0, 19).replace("T", " "))} UTC</td><td>${esc(message.to.join(", "))}</td><td><a href="${base}/${message.id}">${esc(message.subject || "(no subject)")}</a></td></tr>`,
    )
    .join("");
  return page(
    "Mailbox",
    `<h1>Sandbox mailbox</h1>
<p class="muted">Every email Paydesk sent while it runs on the embedded sandbox, newest first. Nothing here left this machine: the demo's mail server keeps it in memory (the last 500), and a restart empties it.</p>
${messages.length === 0 ? `<p data-testid="mailbox-empty">No email yet. Email a payment link from an invoice's page, and it shows up here.</p>` : `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`}`,
  );
}

function messagePage(base: string, message: CaughtMessage): Response {
  const links = [...new Set(message.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
  const headers = message.headers
    .filter(([key]) =>
      ["from", "to", "reply-to", "date", "list-unsubscribe", "list-unsubscribe-post"].includes(key),
    )
    .map(([key, value]) => `<dt>${esc(key)}</dt><dd>${esc(value)}</dd>`)
    .join("");
  return page(
    message.subject,
    `<p><a href="${base}">← Mailbox</a></p>
<h1 data-testid="mailbox-subject">${esc(message.subject || "(no subject)")}</h1>
<dl>${headers}</dl>
${links.length > 0 ? `<h2>Links in this message</h2><ul data-testid="mailbox-links">${links.map((link) => `<li><a href="${esc(link)}" rel="noopener noreferrer">${esc(link)}</a></li>`).join("")}</ul>` : ""}
${message.html !== null ? `<h2>As the recipient sees it</h2><iframe title="The message's HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" src="${base}/${message.id}/html"></iframe>` : ""}
<h2>Plain text</h2><pre data-testid="mailbox-text">${esc(message.text)}</pre>`,
  );
}
