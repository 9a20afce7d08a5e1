import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { CHANGE_STATE_LABELS } from "@/lib/changes/describe";
import type { ChangeView } from "@/lib/change-review/queries";
import { RelativeTime } from "@/components/display/relative-time";
import { ChangeActions } from "../detail/change-actions";

const STATE_TONES = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
  cancelled: "neutral",
} as const;

export function ChangesTable({
  changes,
  mode,
  empty,
}: {
  changes: ChangeView[];
  mode: "pending" | "decided";
  empty: string;
}) {
  const pending = mode === "pending";
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Change</TableHead>
          <TableHead>Proposed</TableHead>
          <TableHead>{pending ? "State" : "Decided"}</TableHead>
          {pending ? <TableHead className="text-right">Decision</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {changes.length === 0 ? <TableEmpty colSpan={pending ? 4 : 3}>{empty}</TableEmpty> : null}
        {changes.map((change) => (
          <TableRow
            key={change.id}
            id={`change-${change.id}`}
            className="target:bg-amber-50"
            data-testid={`change-row-${change.id}`}
          >
            <TableCell label="Change">
              <div className="grid gap-0.5">
                <span className="font-medium">{change.description}</span>
                {change.reason ? (
                  <span className="text-xs text-slate-600">Reason: {change.reason}</span>
                ) : null}
              </div>
            </TableCell>
            <TableCell label="Proposed">
              <div className="text-sm">
                {change.proposedBy}
                <div className="text-xs text-slate-500">
                  <RelativeTime value={change.proposedAt} />
                </div>
              </div>
            </TableCell>
            <TableCell label={pending ? "State" : "Decided"}>
              <div className="text-sm">
                <Badge tone={STATE_TONES[change.state]}>{CHANGE_STATE_LABELS[change.state]}</Badge>
                {change.state !== "pending" ? (
                  <div className="text-xs text-slate-500">
                    {change.breakGlass ? "from the command line (break-glass)" : (change.decidedBy ?? "")}
                    {change.decidedAt ? (
                      <>
                        {" · "}
                        <RelativeTime value={change.decidedAt} />
                      </>
                    ) : null}
                  </div>
                ) : null}
              </div>
            </TableCell>
            {pending ? (
              <TableCell className="text-right">
                <ChangeActions change={change} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
