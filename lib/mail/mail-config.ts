import { parseNamedAddress, type NamedAddress } from "./mail-address";

/**
 * How Paydesk reaches its SMTP server, from `SMTP_URL` (`smtp://user:pass@host:port`, or
 * `smtps://` for TLS from the first byte), `SMTP_TLS_INSECURE` and `MAIL_FROM`. Without
 * `SMTP_URL` Paydesk sends no mail and offers no email feature.
 */
export interface MailConfig {
  host: string;
  port: number;
  /** smtps: TLS from the first byte. Otherwise STARTTLS whenever the server offers it. */
  implicitTls: boolean;
  auth: { user: string; pass: string } | null;
  /** SMTP_TLS_INSECURE=1: accept a certificate that does not verify (a test server's). */
  allowInvalidCertificate: boolean;
  from: NamedAddress;
}

export type MailConfigResult = { ok: true; config: MailConfig | null } | { ok: false; problem: string };

export function readMailConfig(env: Record<string, string | undefined>): MailConfigResult {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return { ok: true, config: null };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: "SMTP_URL is not a URL: write smtp://user:password@host:port or smtps://…" };
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    return { ok: false, problem: `SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//` };
  }
  if (!url.hostname) return { ok: false, problem: "SMTP_URL names no host." };
  const implicitTls = url.protocol === "smtps:";
  const port = url.port ? Number(url.port) : implicitTls ? 465 : 587;
  const fromText = env.MAIL_FROM?.trim();
  if (!fromText) {
    return {
      ok: false,
      problem:
        'MAIL_FROM is required with SMTP_URL: the sender, such as "Shop support" <support@shop.example>.',
    };
  }
  const from = parseNamedAddress(fromText);
  if (!from) {
    return {
      ok: false,
      problem:
        'MAIL_FROM is not an address: write "Shop support" <support@shop.example> or support@shop.example.',
    };
  }
  const user = decodeURIComponent(url.username);
  return {
    ok: true,
    config: {
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port,
      implicitTls,
      auth: user ? { user, pass: decodeURIComponent(url.password) } : null,
      allowInvalidCertificate: env.SMTP_TLS_INSECURE === "1" || env.SMTP_TLS_INSECURE === "true",
      from,
    },
  };
}
