// Errors of the payment service client. Each has a `kind` to switch on and a `userMessage` a page can
// show as is; `message` carries the technical detail for logs (never a key).

export type ServiceErrorKind =
  | "unauthorized"
  | "validation_failed"
  | "insufficient_funds"
  | "invalid_sign"
  | "not_found"
  | "rate_limited"
  | "unavailable"
  | "unexpected_response";

interface ErrorDetail {
  status?: number;
  /** The service's own `message`, when it sent one. */
  serviceMessage?: string;
  cause?: unknown;
}

const SERVICE_ERROR_BRAND = Symbol.for("paydesk.ServiceError");

export abstract class ServiceError extends Error {
  abstract readonly kind: ServiceErrorKind;
  /** Lets isServiceError recognise errors from another copy of this module (Next.js bundles per layer). */
  readonly [SERVICE_ERROR_BRAND] = true;
  readonly status: number | undefined;
  readonly serviceMessage: string | undefined;

  constructor(
    readonly userMessage: string,
    technical: string,
    detail: ErrorDetail = {},
  ) {
    super(technical, detail.cause === undefined ? undefined : { cause: detail.cause });
    this.name = new.target.name;
    this.status = detail.status;
    this.serviceMessage = detail.serviceMessage;
  }
}

export class Unauthorized extends ServiceError {
  readonly kind = "unauthorized";
  constructor(detail: ErrorDetail = {}) {
    super(
      "The payment service did not accept the API key. Check the keys on the Service connection page.",
      `Unauthorized (HTTP ${detail.status ?? 401})${detail.serviceMessage ? `: ${detail.serviceMessage}` : ""}`,
      detail,
    );
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationFailed extends ServiceError {
  readonly kind = "validation_failed";
  constructor(
    /** Keyed by the client's input field names (camelCase), so a form can put each on its field. */
    readonly fieldErrors: FieldErrors,
    /** Errors not tied to a field. */
    readonly formErrors: string[],
    /** `client`: rejected before sending; `service`: the service answered 422. */
    readonly source: "client" | "service",
    detail: ErrorDetail = {},
  ) {
    const fields = Object.keys(fieldErrors);
    super(
      source === "client"
        ? "Some details are not valid. Correct the highlighted fields and try again."
        : (detail.serviceMessage ?? "The payment service did not accept some of the details."),
      `Validation failed (${source}${detail.status ? `, HTTP ${detail.status}` : ""})` +
        (fields.length
          ? `: ${fields.join(", ")}`
          : detail.serviceMessage
            ? `: ${detail.serviceMessage}`
            : ""),
      detail,
    );
  }
}

export class InsufficientFunds extends ServiceError {
  readonly kind = "insufficient_funds";
  constructor(detail: ErrorDetail = {}) {
    super(
      "The balance on the payment service is too low for this withdrawal.",
      `Insufficient funds (HTTP ${detail.status ?? 422})`,
      detail,
    );
  }
}

export class InvalidSign extends ServiceError {
  readonly kind = "invalid_sign";
  constructor(detail: ErrorDetail = {}) {
    super(
      "The payment service rejected the withdrawal signature. The invoice key or the signing style may be wrong.",
      `Invalid sign (HTTP ${detail.status ?? 422})`,
      detail,
    );
  }
}

export class NotFound extends ServiceError {
  readonly kind = "not_found";
  constructor(detail: ErrorDetail = {}) {
    super(
      "The payment service has no record with this id.",
      `Not found (HTTP ${detail.status ?? 404})`,
      detail,
    );
  }
}

export class RateLimited extends ServiceError {
  readonly kind = "rate_limited";
  constructor(
    /** From Retry-After; undefined when the service did not say. */
    readonly retryAfterMs: number | undefined,
    detail: ErrorDetail = {},
  ) {
    super(
      "The payment service is receiving too many requests. Try again in a moment.",
      `Rate limited (HTTP ${detail.status ?? 429})${retryAfterMs === undefined ? "" : `, retry after ${retryAfterMs} ms`}`,
      detail,
    );
  }
}

export type UnavailableReason = "timeout" | "network" | "server_error";

const UNAVAILABLE_MESSAGES: Record<UnavailableReason, string> = {
  timeout: "The payment service did not answer in time.",
  network: "The payment service could not be reached.",
  server_error: "The payment service had an internal error.",
};

export class Unavailable extends ServiceError {
  readonly kind = "unavailable";
  constructor(
    readonly reason: UnavailableReason,
    technical: string,
    detail: ErrorDetail = {},
  ) {
    super(UNAVAILABLE_MESSAGES[reason], `Unavailable (${reason}): ${technical}`, detail);
  }
}

export class UnexpectedResponse extends ServiceError {
  readonly kind = "unexpected_response";
  constructor(
    technical: string,
    /** The start of the body, for logs. */
    readonly bodySnippet: string | undefined,
    detail: ErrorDetail = {},
  ) {
    super(
      "The payment service sent an answer Paydesk could not read.",
      `Unexpected response: ${technical}`,
      detail,
    );
  }
}

/**
 * Use this rather than `instanceof`: Next.js may load this module once per bundle layer, and an
 * error made by one copy is not an instance of the other copy's classes.
 */
export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === "object" && error !== null && SERVICE_ERROR_BRAND in error;
}
