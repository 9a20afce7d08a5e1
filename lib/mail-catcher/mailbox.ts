import { randomUUID } from "node:crypto";

/**
 * What the embedded mail catcher received, newest first, in this process's memory: the demo's
 * stand-in for the customers' and staff's inboxes. Bounded; a restart empties it.
 */
export interface CaughtMessage {
  id: string;
  receivedAt: Date;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The HTML part as sent; shown only inside a sandboxed frame. */
  html: string | null;
  /** The headers as received, for a look at List-Unsubscribe and the like. */
  headers: Array<[string, string]>;
}

const MAX_KEPT = 500;
const globalKey = Symbol.for("paydesk.sandbox.mailbox");
type GlobalWithMailbox = typeof globalThis & {
  [globalKey]?: { messages: CaughtMessage[]; catching: boolean };
};

function mailbox() {
  const store = globalThis as GlobalWithMailbox;
  store[globalKey] ??= { messages: [], catching: false };
  return store[globalKey];
}

export function keepCaughtMail(message: Omit<CaughtMessage, "id">): CaughtMessage {
  const kept = { ...message, id: randomUUID() };
  const { messages } = mailbox();
  messages.unshift(kept);
  messages.length = Math.min(messages.length, MAX_KEPT);
  return kept;
}

export function caughtMail(): readonly CaughtMessage[] {
  return mailbox().messages;
}

export function findCaughtMail(id: string): CaughtMessage | undefined {
  return mailbox().messages.find((message) => message.id === id);
}

/** Whether this process runs the catcher (the mailbox pages exist only then). */
export function isCatchingMail(): boolean {
  return mailbox().catching;
}

export function markCatchingMail(catching: boolean): void {
  mailbox().catching = catching;
}
