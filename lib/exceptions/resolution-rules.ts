import { exceptionKind, type ExceptionFacts, type ExceptionKind } from "./exception-status";

/** The ways a person can deal with an exception from its invoice's page. */
export type ResolutionOption = "refund" | "ask_for_rest" | "accept_as_paid" | "mark_resolved";

export interface ResolvableInvoice extends ExceptionFacts {
  isFinal: boolean;
  creationState: string;
}

/**
 * What each exception allows. Overpaid: refund the excess, or mark it resolved (credited, kept
 * as a tip …). Underpaid: while the service still waits, ask for the rest; accept what came as
 * payment; refund it; or mark it resolved. Expired with a payment: refund it or mark it resolved
 * (it is re-invoiced with Duplicate). A resolved invoice, or one that is not an exception, allows
 * nothing.
 */
export function resolutionOptions(invoice: ResolvableInvoice, resolved: boolean): ResolutionOption[] {
  const kind: ExceptionKind | null = invoice.creationState === "created" ? exceptionKind(invoice) : null;
  if (!kind || resolved) return [];
  if (kind === "overpaid") return ["refund", "mark_resolved"];
  if (kind === "underpaid") {
    return invoice.isFinal
      ? ["accept_as_paid", "refund", "mark_resolved"]
      : ["ask_for_rest", "accept_as_paid", "refund", "mark_resolved"];
  }
  return ["refund", "mark_resolved"];
}
