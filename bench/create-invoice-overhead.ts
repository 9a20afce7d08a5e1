/**
 * The create action's own cost (issue 13, item 4): the server action the New invoice form calls
 * (createInvoiceAction, POSTed as the browser's router does, signed in as support), timed in turns
 * with a direct createInvoice call of the service client to the same embedded sandbox carrying the
 * same request. The action does that call too; the difference is Paydesk's work around it: the
 * session, the permission, the schema, recording the intent, the answer, the audit entry.
 */
import { actionResultOf, discoverActions } from "@/e2e/support/server-actions";
import { emptyInvoiceForm, invoiceFormSchema, toServiceInput } from "@/lib/invoices/form-schema";
import { createServiceClient } from "@/lib/service/client";
import { PUBLISHED_SANDBOX_KEYS } from "@/lib/service/embedded-sandbox-keys";
import type { Figure } from "./figures";
import { round, timeInTurns, type Timing } from "./measure";
import { signInCookie, startNextServer } from "./next-server";

export interface CreateOverheadResult {
  action: Timing;
  /** One createInvoice call: the baseline. */
  direct: Timing;
  /** createInvoice and then getInvoice, the two calls the action makes (the creation answer has no status). */
  directWithRead: Timing;
}

export async function benchCreateInvoiceOverhead(port: number, runs: number): Promise<CreateOverheadResult> {
  const action = discoverActions().find((entry) => entry.exportName === "createInvoiceAction");
  if (!action) throw new Error("createInvoiceAction is not in the build's server-reference manifest");
  const server = await startNextServer({ port });
  try {
    const cookie = await signInCookie(server.baseUrl, "support@example.com");
    const client = createServiceClient({
      baseUrl: `${server.baseUrl}/sandbox`,
      invoiceKey: PUBLISHED_SANDBOX_KEYS.invoiceKey,
      withdrawalKey: PUBLISHED_SANDBOX_KEYS.withdrawalKey,
    });
    let sequence = 0;
    const form = (prefix: string) => ({ ...emptyInvoiceForm(`${prefix}-${sequence++}`), amount: "25.00" });

    const viaAction = async () => {
      const response = await fetch(`${server.baseUrl}${action.pageUrl}`, {
        method: "POST",
        headers: {
          accept: "text/x-component",
          "next-action": action.id,
          origin: server.baseUrl,
          "content-type": "text/plain;charset=UTF-8",
          cookie,
        },
        body: JSON.stringify([form("bench-action")]),
        redirect: "manual",
      });
      const result = actionResultOf(await response.text()) as { ok?: boolean };
      if (response.status !== 200 || result.ok !== true) {
        throw new Error(`createInvoiceAction: ${response.status} ${JSON.stringify(result)}`);
      }
    };
    const direct = () => client.createInvoice(toServiceInput(invoiceFormSchema.parse(form("bench-direct"))));
    const directWithRead = async () => {
      const created = await client.createInvoice(toServiceInput(invoiceFormSchema.parse(form("bench-read"))));
      await client.getInvoice(created.id);
    };

    const [actionTiming, directTiming, withRead] = await timeInTurns(
      [viaAction, direct, directWithRead],
      runs,
      Math.min(20, runs),
    );
    if (!actionTiming || !directTiming || !withRead) throw new Error("timeInTurns answered too few timings");
    return { action: actionTiming, direct: directTiming, directWithRead: withRead };
  } finally {
    await server.stop();
  }
}

/**
 * p50 and p95 of the action minus the same percentile of one direct createInvoice (the target);
 * and, reported, the p50 beyond the two service calls the action makes, which is Paydesk's own work.
 */
export function createOverheadFigures({ action, direct, directWithRead }: CreateOverheadResult): Figure[] {
  const overheadFigures = (["p50", "p95"] as const).map((percentile): Figure => {
    const overhead = round(action[percentile] - direct[percentile]);
    return {
      name: `create-invoice action overhead, ${percentile}`,
      value: overhead,
      unit: "ms",
      baseline: direct[percentile],
      baselineName: `direct createInvoice to the same sandbox; the action took ${action[percentile]} ms`,
      ratio: round(action[percentile] / direct[percentile]),
      target: percentile === "p50" ? "< 15 ms" : "reported",
      ...(percentile === "p50" ? { met: overhead < 15 } : {}),
    };
  });
  return [
    ...overheadFigures,
    {
      name: "create-invoice action beyond its two service calls, p50",
      value: round(action.p50 - directWithRead.p50),
      unit: "ms",
      baseline: directWithRead.p50,
      baselineName: "direct createInvoice then getInvoice, as the action does",
      ratio: round(action.p50 / directWithRead.p50),
      target: "reported",
    },
  ];
}
