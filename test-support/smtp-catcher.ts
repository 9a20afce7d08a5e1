import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** What the catcher answers to the next messages: accept, or refuse with an SMTP code. */
type Answer = { accept: true } | { accept: false; code: number; message: string };

export interface CaughtMail {
  parsed: ParsedMail;
  /** The message as it came over the wire, headers and all. */
  raw: string;
  envelope: { from: string; to: string[] };
}

/**
 * A real SMTP server for tests (the `smtp-server` package) on a loopback port: it keeps every
 * message it accepts, parsed with mailparser, and can be told to refuse the next ones (451, 550)
 * or be stopped to look like a server that is down.
 */
export async function startSmtpCatcher() {
  const caught: CaughtMail[] = [];
  const answers: Answer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const answer = answers.shift() ?? { accept: true };
        if (!answer.accept) {
          const error = new Error(answer.message) as Error & { responseCode: number };
          error.responseCode = answer.code;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        void simpleParser(raw).then((parsed) => {
          caught.push({
            parsed,
            raw,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
          });
          callback(null);
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    caught,
    /** The next `count` messages are refused with this code. */
    refuseNext(
      count: number,
      code: number,
      message = code >= 500 ? "Mailbox unavailable" : "Try again later",
    ) {
      for (let i = 0; i < count; i++) answers.push({ accept: false, code, message });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
