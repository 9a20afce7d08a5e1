import type { FirstStart } from "./first-start-mark";

/** How often a demo served to other machines says so again in the log. */
export const PUBLIC_DEMO_REMINDER_MS = 60 * 60 * 1000;

/**
 * A demo served beyond this machine (PAYDESK_DEMO_PUBLIC=1) says so at start and every hour after,
 * so the log says it for as long as it runs; the reminder never keeps the process alive. Returns
 * a function that stops it.
 */
export function warnOfPublicDemo(host: string | undefined, warn: (message: string) => void = console.warn) {
  const message =
    `[paydesk] WARNING: demo mode is reachable from other machines on ${host ?? "every interface"} ` +
    "(PAYDESK_DEMO_PUBLIC=1): anyone who reaches it can sign in as admin@example.com with the published " +
    "password paydesk-demo. Put nothing real in it.";
  warn(message);
  const reminder = setInterval(() => warn(message), PUBLIC_DEMO_REMINDER_MS);
  reminder.unref();
  return () => clearInterval(reminder);
}

/**
 * What a start outside demo mode says on a database demo mode started first: which accounts still
 * take the published password (anyone can sign in as them), or that none does any more.
 */
export function demoDatabaseWarning(mark: FirstStart, openAccounts: readonly string[]): string {
  const started = `[paydesk] WARNING: this database was first started in demo mode (${mark.at}).`;
  return openAccounts.length > 0
    ? `${started} These accounts still sign in with the published password paydesk-demo: ` +
        `${openAccounts.join(", ")}. Disable them under Users, or start Paydesk on a fresh database.`
    : `${started} No demo account signs in with the published password any more.`;
}
