"use client";

import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { showActionResult } from "@/components/ui/outcome-toast";
import type { ActionResult } from "@/lib/auth/action-result";
import { endMyOtherSessionsAction, endMySessionAction } from "@/lib/auth/session-actions";
import type { SessionItem } from "@/lib/auth/session-list";
import { DateTime } from "@/components/display/date-time";
import { RelativeTime } from "@/components/display/relative-time";
import { endUserSessionsAction } from "@/lib/users/actions";

/**
 * A person's sessions, newest first: which browser, from where, since when, last seen, this one
 * marked. Their owner ends another one, or all others; an admin (for: the user) ends one or all.
 */
export function SessionsList({
  sessions,
  forUser,
}: {
  sessions: SessionItem[];
  /** Set when an admin looks at another user's sessions. */
  forUser?: { id: string; email: string };
}) {
  const router = useRouter();
  const live = sessions.filter((session) => session.state === "live");
  const others = live.filter((session) => !session.current);

  async function finish(result: ActionResult<{ message: string }>) {
    showActionResult(result);
    router.refresh();
    return result.ok;
  }
  const endOne = (sessionId: string) =>
    forUser ? endUserSessionsAction({ userId: forUser.id, sessionId }) : endMySessionAction({ sessionId });
  const endAll = () =>
    forUser ? endUserSessionsAction({ userId: forUser.id }) : endMyOtherSessionsAction({});

  return (
    <div className="grid gap-4">
      {(forUser ? live : others).length > 0 ? (
        <div>
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="secondary">
                {forUser ? "End all sessions" : "Sign out of all other sessions"}
              </Button>
            }
            title={forUser ? `End every session of ${forUser.email}?` : "Sign out everywhere else?"}
            description={
              forUser
                ? "Each of their browsers is signed out at its next request. They can sign in again unless you disable the account."
                : "Every other browser signed in to your account is signed out at its next request. This one stays signed in."
            }
            confirmLabel={forUser ? "End all sessions" : "Sign out of the others"}
            tone="danger"
            onConfirm={async () => finish(await endAll())}
          />
        </div>
      ) : null}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Browser</TableHead>
            <TableHead>Address</TableHead>
            <TableHead>Signed in</TableHead>
            <TableHead>Last seen</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sessions.length === 0 ? <TableEmpty colSpan={6}>No session in the last week.</TableEmpty> : null}
          {sessions.map((session) => (
            <TableRow key={session.id} data-testid={`session-${session.id}`}>
              <TableCell label="Browser">
                {session.browser}
                {session.current ? (
                  <span className="ml-2">
                    <Badge tone="info">This session</Badge>
                  </span>
                ) : null}
              </TableCell>
              <TableCell label="Address" className="font-mono text-xs">
                {session.clientAddress ?? "—"}
              </TableCell>
              <TableCell label="Signed in">
                <DateTime value={session.signedInAt} />
              </TableCell>
              <TableCell label="Last seen">
                <RelativeTime value={session.lastSeenAt} />
              </TableCell>
              <TableCell label="State">
                {session.state === "live" ? (
                  <Badge tone="success">Signed in</Badge>
                ) : session.state === "expired" ? (
                  <Badge tone="neutral">Expired</Badge>
                ) : (
                  <span className="text-slate-600">Ended: {session.endedReason ?? "signed out"}</span>
                )}
              </TableCell>
              <TableCell className="text-right">
                {session.state === "live" && !session.current ? (
                  <ConfirmDialog
                    trigger={
                      <Button size="sm" variant="secondary">
                        {forUser ? "End" : "Sign out"}
                      </Button>
                    }
                    title={`End this session (${session.browser})?`}
                    description="That browser is signed out at its next request."
                    confirmLabel={forUser ? "End session" : "Sign it out"}
                    tone="danger"
                    onConfirm={async () => finish(await endOne(session.id))}
                  />
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
