"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { DateTime } from "@/components/display/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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
import { sendMailAgainAction } from "@/lib/mail/actions";
import type { OutgoingMailRow } from "@/lib/mail/outgoing";

const STATES: Record<
  OutgoingMailRow["state"],
  { label: string; tone: "neutral" | "info" | "success" | "danger" }
> = {
  queued: { label: "Waiting", tone: "info" },
  sending: { label: "Sending", tone: "info" },
  sent: { label: "Sent", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  cancelled: { label: "Not sent", tone: "neutral" },
};

export function OutgoingMailTable({ rows }: { rows: OutgoingMailRow[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string>();
  async function sendAgain(id: string) {
    setBusy(id);
    try {
      const result = await sendMailAgainAction({ id });
      showActionResult(result);
      router.refresh();
    } finally {
      setBusy(undefined);
    }
  }
  return (
    <Table aria-label="Outgoing mail">
      <TableHeader>
        <TableRow>
          <TableHead>Queued</TableHead>
          <TableHead>To</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>State</TableHead>
          <TableHead className="text-right">Tries</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableEmpty colSpan={6}>Paydesk has sent no email yet.</TableEmpty>
        ) : (
          rows.map((row) => (
            <TableRow key={row.id} data-testid="outgoing-mail-row" className="align-top">
              <TableCell label="Queued" className="whitespace-nowrap">
                <DateTime value={row.createdAt} />
              </TableCell>
              <TableCell label="To" className="break-all">
                {row.to}
              </TableCell>
              <TableCell label="Subject">
                {row.subject}
                {row.problem ? <div className="text-xs text-slate-600">{row.problem}</div> : null}
              </TableCell>
              <TableCell label="State">
                <Badge tone={STATES[row.state].tone}>{STATES[row.state].label}</Badge>
              </TableCell>
              <TableCell label="Tries" className="text-right">
                {row.attempts}
              </TableCell>
              <TableCell label="">
                {row.canSendAgain ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy === row.id}
                    onClick={() => sendAgain(row.id)}
                  >
                    Send again
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
