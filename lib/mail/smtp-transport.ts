import "server-only";
import nodemailer from "nodemailer";
import type { MailConfig } from "./mail-config";

/** One message as the SMTP server receives it. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: { name: string; address: string };
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The server's answer: its reply code (250…) and text, first line. */
export interface SmtpReply {
  replyCode: number | null;
  reply: string;
}

/** How the outbox hands a message over; an error carries the server's code when there was one. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<SmtpReply>;
  close(): void;
}

/** An SMTP try that failed: the server's reply code, or null when no server answered. */
const KIND_BY_CODE: Record<string, string> = {
  ECONNECTION: "no connection to the SMTP server",
  ESOCKET: "no connection to the SMTP server",
  ECONNREFUSED: "no connection to the SMTP server",
  ETIMEDOUT: "no answer in time from the SMTP server",
  EDNS: "the SMTP server's host name was not found",
  EAUTH: "the SMTP server refused the sign-in",
  ETLS: "TLS with the SMTP server failed",
};

export class SmtpFailure extends Error {
  constructor(
    readonly replyCode: number | null,
    message: string,
    /** nodemailer's code for a failure with no reply (ECONNECTION, ETIMEDOUT, EAUTH…). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "SmtpFailure";
  }

  /** 5xx: the server refused for good (no such mailbox, rejected); trying again changes nothing. */
  get permanent(): boolean {
    return this.replyCode !== null && this.replyCode >= 500 && this.replyCode < 600;
  }

  /**
   * The server refused this message (no such mailbox, rejected content), not mail as a whole:
   * other messages still go. Anything else (no connection, a refused sign-in, 4xx) is the server.
   */
  get messageRefused(): boolean {
    return this.replyCode !== null && this.replyCode >= 550 && this.replyCode <= 553;
  }

  /** What failed, in words naming the kind of failure and never a host or a credential. */
  get kind(): string {
    if (this.replyCode !== null) return `the SMTP server answered ${this.replyCode}`;
    return (this.code && KIND_BY_CODE[this.code]) ?? "no usable answer from the SMTP server";
  }
}

/**
 * nodemailer over SMTP_URL: TLS from the first byte for smtps, otherwise STARTTLS whenever the
 * server offers it; the certificate is checked unless SMTP_TLS_INSECURE. Short timeouts: the
 * loop tries again later rather than hold a message.
 */
export function smtpTransport(config: MailConfig): MailTransport {
  const transporter = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.implicitTls,
    auth: config.auth ?? undefined,
    tls: { rejectUnauthorized: !config.allowInvalidCertificate },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
        return parseReply(String(info.response ?? ""));
      } catch (error) {
        const failure = error as { responseCode?: unknown; response?: unknown; message?: unknown };
        const code = typeof failure.responseCode === "number" ? failure.responseCode : null;
        const text =
          typeof failure.response === "string" ? failure.response : String(failure.message ?? error);
        const kind = (error as { code?: unknown }).code;
        throw new SmtpFailure(code, firstLine(text), typeof kind === "string" ? kind : undefined);
      }
    },
    close() {
      transporter.close();
    },
  };
}

function parseReply(response: string): SmtpReply {
  const match = /^(\d{3})\b/.exec(response);
  return { replyCode: match ? Number(match[1]) : null, reply: firstLine(response) };
}

function firstLine(text: string): string {
  return (text.split(/\r?\n/)[0] ?? "").slice(0, 500);
}
