import { exceptionKind, isShortAfterRefunds, type ExceptionFacts } from "./exception-status";

/** What a person should do about an unresolved exception, in a sentence. */
export function nextStep(row: ExceptionFacts & { isFinal: boolean }): string {
  const kind = exceptionKind(row);
  if (isShortAfterRefunds(row)) {
    return "Short after a refund gave money back: refund the rest, invoice what is missing, or accept it.";
  }
  if (kind === "overpaid") return "Refund the excess, or mark it resolved with how it was settled.";
  if (kind === "underpaid" && !row.isFinal) {
    return "Ask the customer for the rest before the link expires, or accept what came as paid.";
  }
  if (kind === "underpaid") return "Accept it as paid, refund it, or invoice the rest with Duplicate.";
  return "Paid after it expired: refund it, or mark it resolved once the customer is re-invoiced.";
}
