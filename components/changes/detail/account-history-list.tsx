import { DateTime } from "@/components/display/date-time";
import type { AccountEventView, AccountHistoryView } from "@/lib/change-review/account-history-view";

const EMPTY = "Nothing changed on this account in the 7 days before the proposal or since.";

function whoDidIt(event: AccountEventView): string {
  if (event.byProposer) return `${event.by} (who proposed this)`;
  if (event.byThemselves) return `${event.by} (the person themselves)`;
  return event.by;
}

/**
 * What happened to the sign-in of the account a role grant is for, newest first: shown to the
 * second admin before they approve, so a password reset or a new authenticator since (or just
 * before) the proposal is not hidden behind "Make … Finance".
 */
export function AccountHistoryList({
  history,
  headingId,
}: {
  history: AccountHistoryView;
  headingId: string;
}) {
  return (
    <section aria-labelledby={headingId} className="grid gap-1" data-testid="account-history">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Their sign-in since 7 days before the proposal
      </h3>
      {history.events.length === 0 ? (
        <p>{EMPTY}</p>
      ) : (
        <ul
          className="grid max-h-56 gap-2 overflow-y-auto rounded border border-slate-200 p-2"
          // Scrollable, so reachable by keyboard.
          tabIndex={0}
          aria-labelledby={headingId}
        >
          {history.events.map((event) => (
            <li key={event.id} className="grid gap-0.5">
              <span className={event.credential ? "font-medium text-slate-900" : "text-slate-900"}>
                {event.what}
              </span>{" "}
              <span className="text-xs">
                by {whoDidIt(event)}, <DateTime value={event.at} />
                {event.afterProposal ? " (after the proposal)" : ""}
                {event.from ? ` · ${event.from}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      {history.more ? (
        <p className="text-xs">
          Only the latest are listed: the audit log, filtered on this person, has them all.
        </p>
      ) : null}
    </section>
  );
}
