"use client";

import { useMutation } from "@tanstack/react-query";
import { DateTime } from "@/components/display/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { checkConnectionAction } from "@/lib/connection/actions";

const VERDICT_TONE = { accepted: "success", rejected: "danger", unknown: "warning" } as const;
const VERDICT_WORDS = { accepted: "Accepted", rejected: "Rejected", unknown: "Not known" } as const;

export function ConnectionTester() {
  const test = useMutation({
    mutationFn: async () => {
      const result = await checkConnectionAction({});
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
  });
  const report = test.data;

  return (
    <section
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6"
      aria-labelledby="test-heading"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="test-heading" className="font-semibold">
            Test connection
          </h2>
          <p className="text-sm text-slate-600">
            Asks the service whether it answers and accepts each key. Creates nothing.
          </p>
        </div>
        <Button onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? "Testing…" : "Test connection"}
        </Button>
      </div>
      {test.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {test.error.message}
        </p>
      ) : null}
      {report ? (
        <div className="grid gap-3 text-sm" data-testid="connection-report">
          <p className={report.reachable ? "text-emerald-800" : "text-red-700"}>{report.message}</p>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr] sm:gap-y-2">
            <dt className="text-slate-500">Service answers</dt>
            <dd>{report.reachable ? <Badge tone="success">Yes</Badge> : <Badge tone="danger">No</Badge>}</dd>
            <dt className="text-slate-500">Invoice key</dt>
            <dd>
              <Badge tone={VERDICT_TONE[report.invoiceKey]}>{VERDICT_WORDS[report.invoiceKey]}</Badge>
            </dd>
            <dt className="text-slate-500">Withdrawal key</dt>
            <dd>
              <Badge tone={VERDICT_TONE[report.withdrawalKey]}>{VERDICT_WORDS[report.withdrawalKey]}</Badge>
            </dd>
            {report.latencyMs !== null ? (
              <>
                <dt className="text-slate-500">Response time</dt>
                <dd>{report.latencyMs} ms</dd>
              </>
            ) : null}
            <dt className="text-slate-500">Checked</dt>
            <dd>
              <DateTime value={report.checkedAt} seconds />
            </dd>
          </dl>
        </div>
      ) : null}
    </section>
  );
}
