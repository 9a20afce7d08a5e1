import type { FieldErrors } from "./action-result";

const RULE_ERROR_BRAND = Symbol.for("paydesk.RuleError");

/**
 * A rule the person can act on was broken: a taken email or order id, a self-approval, an invoice
 * the service refused. Domain code throws it; defineAction answers with its message, on the named
 * fields when it has any, above the form otherwise. Anything else thrown is logged, not shown.
 */
export class RuleError extends Error {
  /** Lets isRuleError recognise errors from another copy of this module (Next.js bundles per layer). */
  readonly [RULE_ERROR_BRAND] = true;
  readonly fieldErrors: FieldErrors | undefined;

  /** `field`: the message belongs to this one field; `fieldErrors`: messages of their own per field. */
  constructor(message: string, on: { field?: string; fieldErrors?: FieldErrors } = {}) {
    super(message);
    this.name = "RuleError";
    this.fieldErrors = on.field ? { [on.field]: [message], ...on.fieldErrors } : on.fieldErrors;
  }
}

/** Use this rather than `instanceof`, for the same reason as isServiceError. */
export function isRuleError(error: unknown): error is RuleError {
  return typeof error === "object" && error !== null && RULE_ERROR_BRAND in error;
}
