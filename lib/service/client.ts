import "server-only";

// The typed client of the payment service (docs/service-api.md). Inputs are validated before sending;
// creation calls are retried on Unavailable/RateLimited with the identical body (same order_id, same
// sign), relying on the service's order_id idempotency; 4xx answers are never retried.
import type { z } from "zod";
import { invoiceBody, withdrawalPayload } from "./bodies";
import type { ServiceCallObservation, ServiceClientConfig } from "./config";
import { RateLimited, ServiceError, Unavailable, UnexpectedResponse, ValidationFailed } from "./errors";
import { callBudgetMs, DEFAULT_RETRY, exchange, realSleep, withRetry, type HttpRequest } from "./http";
import { parseLosslessJson } from "./json";
import { snippet, toInputFieldName } from "./response-errors";
import {
  invoiceResponseSchema,
  unwrapResource,
  withdrawalResponseSchema,
  type ServiceInvoice,
  type ServiceWithdrawal,
} from "./responses";
import {
  createInvoiceInputSchema,
  createWithdrawalInputSchema,
  type CreateInvoiceInput,
  type CreateWithdrawalInput,
} from "./schemas";
import { buildSignedBody } from "./signature";
import { checkConnection, type ConnectionReport } from "./check-connection";

export interface ServiceClient {
  createInvoice(input: CreateInvoiceInput): Promise<ServiceInvoice>;
  getInvoice(id: string): Promise<ServiceInvoice>;
  createWithdrawal(input: CreateWithdrawalInput): Promise<ServiceWithdrawal>;
  checkConnection(): Promise<ConnectionReport>;
  /** The longest one call may take, retries included (http.ts callBudgetMs). */
  readonly callBudgetMs: number;
}

export function validateOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.path.length === 0) formErrors.push(issue.message);
    else (fieldErrors[toInputFieldName(issue.path.join("."))] ??= []).push(issue.message);
  }
  throw new ValidationFailed(fieldErrors, formErrors, "client");
}

export function createServiceClient(config: ServiceClientConfig): ServiceClient {
  const base = config.baseUrl.replace(/\/+$/, "");
  const fetchImpl = config.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = config.timeoutMs ?? 10_000;
  const signStyle = config.signStyle ?? "php";
  const retryContext = {
    policy: { ...DEFAULT_RETRY, ...config.retry },
    sleep: config.sleep ?? realSleep,
    random: config.random ?? Math.random,
  };

  const headers = (key: string, withBody: boolean): Record<string, string> => ({
    ...config.extraHeaders,
    Accept: "application/json",
    Authorization: `Bearer ${key}`,
    ...(withBody ? { "Content-Type": "application/json" } : {}),
  });

  async function call<S extends z.ZodType>(
    endpoint: ServiceCallObservation["endpoint"],
    request: HttpRequest,
    schema: S,
  ): Promise<z.output<S>> {
    const started = performance.now();
    let outcome: ServiceCallObservation["outcome"] = "unexpected";
    try {
      const result = await callOnce(request, schema);
      outcome = "ok";
      return result;
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      config.observe?.({ endpoint, outcome, seconds: (performance.now() - started) / 1000 });
    }
  }

  async function callOnce<S extends z.ZodType>(request: HttpRequest, schema: S): Promise<z.output<S>> {
    // The request object (and so the body string) is built once, outside the retry loop.
    const answer = await withRetry(() => exchange(fetchImpl, request, timeoutMs), retryContext);
    let body;
    try {
      body = parseLosslessJson(answer.text);
    } catch (error) {
      throw new UnexpectedResponse(`HTTP ${answer.status} body is not JSON`, snippet(answer.text), {
        status: answer.status,
        cause: error,
      });
    }
    const parsed = schema.safeParse(unwrapResource(body));
    if (!parsed.success) {
      throw new UnexpectedResponse(
        `HTTP ${answer.status} body has no usable record (${parsed.error.issues.map((i) => i.message).join(", ")})`,
        snippet(answer.text),
        { status: answer.status },
      );
    }
    return parsed.data;
  }

  return {
    callBudgetMs: callBudgetMs(timeoutMs, retryContext.policy),
    async createInvoice(input) {
      const valid = validateOrThrow(createInvoiceInputSchema, input);
      const request: HttpRequest = {
        method: "POST",
        url: `${base}/v1/invoices`,
        headers: headers(config.invoiceKey, true),
        body: JSON.stringify(invoiceBody(valid)),
      };
      return call("create invoice", request, invoiceResponseSchema);
    },

    async getInvoice(id) {
      if (!id) throw new ValidationFailed({ id: ["An invoice id is required."] }, [], "client");
      const request: HttpRequest = {
        method: "GET",
        url: `${base}/v1/invoices/${encodeURIComponent(id)}`,
        headers: headers(config.invoiceKey, false),
      };
      return call("read invoice", request, invoiceResponseSchema);
    },

    async createWithdrawal(input) {
      const valid = validateOrThrow(createWithdrawalInputSchema, input);
      // Signed with the invoice key (docs/service-api.md, the sign field); authenticated with the withdrawal key.
      const { body } = buildSignedBody(withdrawalPayload(valid), config.invoiceKey, signStyle);
      const request: HttpRequest = {
        method: "POST",
        url: `${base}/v1/withdrawals`,
        headers: headers(config.withdrawalKey, true),
        body,
      };
      return call("create withdrawal", request, withdrawalResponseSchema);
    },

    checkConnection() {
      return checkConnection({
        base,
        invoiceKey: config.invoiceKey,
        withdrawalKey: config.withdrawalKey,
        fetchImpl,
        timeoutMs,
      });
    },
  };
}

/** How a call ended, for the metrics: the service's answer refused it, or no usable answer came. */
function outcomeOf(error: unknown): ServiceCallObservation["outcome"] {
  if (error instanceof RateLimited) return "rate limited";
  if (error instanceof Unavailable) return "unavailable";
  if (error instanceof UnexpectedResponse || !(error instanceof ServiceError)) return "unexpected";
  return "refused";
}
