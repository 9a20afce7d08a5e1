/**
 * Every email's plain-text and HTML parts, from one layout: a greeting, paragraphs, a table of
 * details, one button, and the footer. Every value is text: escaped in the HTML part, never read
 * as markup, whatever a customer id or a business name holds. A link may only go where Paydesk
 * allows (its own public URL, the invoice's pay_url): anything else is refused, not sent.
 */
export interface MailContent {
  /** First line, as a heading in HTML. */
  heading: string;
  paragraphs: readonly string[];
  details?: ReadonlyArray<readonly [label: string, value: string]>;
  /** A list of linked lines (a digest's notifications), each with a note such as its time. */
  items?: ReadonlyArray<{ text: string; url: string; note?: string }>;
  action?: { label: string; url: string };
  /** The business's footer (Settings), then why the person gets this email. */
  footer: readonly string[];
  /** A one-click unsubscribe link, shown in the footer (and in the List-Unsubscribe header). */
  unsubscribeUrl?: string;
}

export interface RenderedMail {
  text: string;
  html: string;
}

export class DisallowedLinkError extends Error {
  constructor(url: string) {
    super(`An email may not link to ${url}: only Paydesk's public URL and the invoice's payment page.`);
    this.name = "DisallowedLinkError";
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * Whether `url` is an http(s) URL Paydesk may link to: under an allowed entry that ends with "/"
 * (Paydesk's public URL), or exactly an entry's address (an invoice's pay_url; its query may differ).
 */
export function isAllowedLink(url: string, allowedPrefixes: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  if (parsed.username || parsed.password) return false;
  return allowedPrefixes.some((prefix) => {
    const allowed = new URL(prefix);
    if (parsed.origin !== allowed.origin) return false;
    return allowed.pathname.endsWith("/")
      ? parsed.pathname.startsWith(allowed.pathname)
      : parsed.pathname === allowed.pathname;
  });
}

export function renderMail(content: MailContent, allowedLinks: readonly string[]): RenderedMail {
  const urls = [
    content.action?.url,
    content.unsubscribeUrl,
    ...(content.items ?? []).map((item) => item.url),
  ];
  for (const url of urls) {
    if (url !== undefined && !isAllowedLink(url, allowedLinks)) throw new DisallowedLinkError(url);
  }
  return { text: renderText(content), html: renderHtml(content) };
}

function renderText(content: MailContent): string {
  const lines = [content.heading, "", ...content.paragraphs.flatMap((p) => [p, ""])];
  if (content.details?.length) {
    for (const [label, value] of content.details) lines.push(`${label}: ${value}`);
    lines.push("");
  }
  if (content.items?.length) {
    for (const item of content.items)
      lines.push(`- ${item.text}${item.note ? ` (${item.note})` : ""}`, `  ${item.url}`);
    lines.push("");
  }
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, "");
  lines.push("--", ...content.footer);
  if (content.unsubscribeUrl) lines.push(`Unsubscribe: ${content.unsubscribeUrl}`);
  return `${lines.join("\n")}\n`;
}

function renderHtml(content: MailContent): string {
  const e = escapeHtml;
  const details = content.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#475569">${e(label)}</td><td style="padding:4px 0;font-weight:600">${e(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const items = content.items?.length
    ? `<ul style="padding-left:20px;margin:16px 0">${content.items
        .map(
          (item) =>
            `<li style="margin:8px 0;line-height:1.5"><a href="${e(item.url)}" target="_blank" rel="noopener noreferrer" style="color:#0f172a">${e(item.text)}</a>${item.note ? ` <span style="color:#475569;font-size:13px">${e(item.note)}</span>` : ""}</li>`,
        )
        .join("")}</ul>`
    : "";
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${e(content.action.url)}" target="_blank" rel="noopener noreferrer" style="background:#0f172a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${e(content.action.label)}</a></p><p style="font-size:13px;color:#475569">Or open this address: <a href="${e(content.action.url)}" target="_blank" rel="noopener noreferrer">${e(content.action.url)}</a></p>`
    : "";
  const unsubscribe = content.unsubscribeUrl
    ? `<p><a href="${e(content.unsubscribeUrl)}" target="_blank" rel="noopener noreferrer" style="color:#475569">Unsubscribe</a></p>`
    : "";
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${e(content.heading)}</h1>${content.paragraphs
    .map((p) => `<p style="line-height:1.5">${e(p)}</p>`)
    .join(
      "",
    )}${details}${items}${action}<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0"><div style="font-size:13px;color:#475569">${content.footer
    .map((line) => `<p style="margin:4px 0">${e(line)}</p>`)
    .join("")}${unsubscribe}</div></div></body></html>`;
}
