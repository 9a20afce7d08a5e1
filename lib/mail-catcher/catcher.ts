import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";
import { keepCaughtMail, markCatchingMail } from "./mailbox";

/** Largest message the catcher takes (the demo's mail is a few kilobytes). */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/**
 * The demo's SMTP server (the `smtp-server` package) on a loopback port: it accepts whatever
 * Paydesk sends, keeps it in the mailbox (/sandbox/mail), and delivers nothing anywhere.
 */
export async function startMailCatcher(options: {
  port: number;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      void simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error("Message too large"), { responseCode: 552 }));
            return;
          }
          keepCaughtMail({
            receivedAt: new Date(),
            from:
              addresses(parsed.from) || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : null,
            headers: parsed.headerLines.map(({ key, line }) => [
              key,
              line.slice(line.indexOf(":") + 1).trim(),
            ]),
          });
          callback(null);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  markCatchingMail(true);
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        markCatchingMail(false);
        server.close(() => resolve());
      }),
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.map((entry) => entry.text).join(", ");
}
