import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RelativeTime } from "@/components/display/relative-time";
import type { LoopReport } from "@/lib/system/system-report";
import { formatInterval } from "@/lib/system/present";

/** This process's background loops: when each last finished a round, and its last error. */
export function LoopsTable({ loops, now }: { loops: LoopReport[]; now: Date }) {
  const when = (iso: string | null, none: string) =>
    iso ? <RelativeTime value={iso} now={now} /> : <span className="text-slate-500">{none}</span>;
  return (
    <Table aria-label="Background loops" data-testid="system-loops">
      <TableHeader>
        <TableRow>
          <TableHead>Loop</TableHead>
          <TableHead>Every</TableHead>
          <TableHead>Last round finished</TableHead>
          <TableHead>Last error</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loops.map((loop) => (
          <TableRow key={loop.name}>
            <TableCell label="Loop">
              <span className="font-mono [overflow-wrap:anywhere]">{loop.name}</span>{" "}
              {loop.running ? null : <Badge tone="danger">Stopped</Badge>}
              {loop.roundRunningSince ? <Badge tone="info">In a round</Badge> : null}
            </TableCell>
            <TableCell label="Every">{formatInterval(loop.intervalSeconds)}</TableCell>
            <TableCell label="Last round finished">{when(loop.lastRoundFinishedAt, "none yet")}</TableCell>
            <TableCell label="Last error" className="max-w-md">
              {loop.lastError ? (
                <span className="grid gap-0.5">
                  <span className="text-red-700 [overflow-wrap:anywhere]">{loop.lastError.message}</span>
                  <span className="text-xs text-slate-500">{when(loop.lastError.at, "")}</span>
                </span>
              ) : (
                <span className="text-slate-500">none since start</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
