/**
 * The control API (http/control.ts): never faulted, Bearer = the invoice key except for creating a
 * merchant. A method a control path does not serve answers 404, like an unknown path.
 */
import { COIN_CODES } from "../../catalog";
import { idParam, jsonBody, ok, ref, responseRef, str, unlistedMethods, type Schema } from "./helpers";
import { errors } from "./responses";

const tags = ["Control API"];
const security = [{ invoiceKey: [] }];
const otherMethods = unlistedMethods(404, responseRef("NotFound"));

/** An authenticated control operation; `body` reads JSON, so it can also answer 400, 413 and 422. */
function op(
  operationId: string,
  summary: string,
  result: [string, Schema],
  extra: { body?: [Schema, boolean]; parameters?: Schema[]; codes?: number[]; description?: string } = {},
): Schema {
  const codes = extra.body ? [400, 401, 413, 422] : [401];
  return {
    operationId,
    tags,
    summary,
    ...(extra.description ? { description: extra.description } : {}),
    security,
    ...(extra.parameters ? { parameters: extra.parameters } : {}),
    ...(extra.body ? { requestBody: jsonBody(...extra.body) } : {}),
    responses: {
      "200": ok(...result),
      ...errors(...[...codes, ...(extra.codes ?? [])].sort((a, b) => a - b)),
    },
  };
}

export const controlPaths: Record<string, Schema> = {
  "/control/merchants": {
    ...otherMethods,
    post: {
      operationId: "createMerchant",
      tags,
      summary: "Create a merchant",
      description:
        "Returns the new merchant's two keys. The standalone sandbox needs no key; the sandbox embedded in Paydesk needs a merchant's invoice key (401 without). A webhook_url on a loopback, private or link-local address answers 422 in the embedded sandbox.",
      security: [{}, { invoiceKey: [] }],
      requestBody: jsonBody(ref("MerchantWebhook"), false),
      responses: {
        "200": ok("The merchant and its keys", ref("MerchantCreated")),
        ...errors(400, 401, 413, 422),
      },
    },
  },
  "/control/merchant": {
    ...otherMethods,
    get: op("getMerchant", "Read the authenticated merchant", ["The merchant", ref("Merchant")]),
    put: op("setMerchantWebhookUrl", "Set the project-level webhook URL", ["The merchant", ref("Merchant")], {
      body: [ref("MerchantWebhook"), false],
    }),
  },
  "/control/invoices/{id}/payments": {
    ...otherMethods,
    post: op(
      "simulatePayment",
      "Simulate a payment to an invoice",
      ["The transaction and the invoice", ref("Payment")],
      {
        parameters: [idParam("invoice")],
        body: [ref("PaymentCreate"), true],
        codes: [404],
        description:
          "currency and network are required while the invoice has no method, and then fix it. A mismatch with a fixed method, an expired or final invoice, or a second payment to a single-payment invoice answers 422.",
      },
    ),
  },
  "/control/invoices/{id}/expire": {
    ...otherMethods,
    post: op("expireInvoice", "Expire an open invoice now", ["The invoice", ref("InvoiceInfo")], {
      parameters: [idParam("invoice")],
      codes: [404, 422],
      description: "422 when the invoice is already final.",
    }),
  },
  "/control/balances": {
    ...otherMethods,
    get: op("listBalances", "List balances per crypto currency", ["The balances", ref("Balances")]),
  },
  "/control/balances/{currency}": {
    ...otherMethods,
    put: op("setBalance", "Set a balance", ["The balance", ref("Balance")], {
      parameters: [
        {
          name: "currency",
          in: "path",
          required: true,
          description: "A crypto currency; anything else answers 422.",
          schema: str({ enum: COIN_CODES }),
        },
      ],
      body: [ref("BalanceSet"), true],
    }),
  },
  "/control/withdrawals/{id}": {
    ...otherMethods,
    get: op("getWithdrawal", "Read a withdrawal", ["The withdrawal", ref("Withdrawal")], {
      parameters: [idParam("withdrawal")],
      codes: [404],
    }),
  },
  "/control/withdrawals/{id}/status": {
    ...otherMethods,
    post: op(
      "setWithdrawalStatus",
      "Move a withdrawal to another state",
      ["The withdrawal", ref("Withdrawal")],
      {
        parameters: [idParam("withdrawal")],
        body: [ref("WithdrawalStatusSet"), true],
        codes: [404],
        description:
          "process → check → paid or fail; cancel and system_fail from open states. Any other move answers 422.",
      },
    ),
  },
  "/control/faults": {
    ...otherMethods,
    get: op("getFaults", "Read the injected faults", ["The faults", ref("Faults")]),
    post: op("setFaults", "Replace the injected faults", ["The faults now in force", ref("Faults")], {
      body: [ref("FaultsSet"), false],
      description:
        "Faults apply to this merchant's /v1 calls and webhooks, never to the control API or the pay page.",
    }),
    delete: op("clearFaults", "Clear the injected faults", ["The faults now in force (none)", ref("Faults")]),
  },
  "/control/webhooks": {
    ...otherMethods,
    get: op(
      "listWebhookDeliveries",
      "List webhook deliveries with their attempts",
      ["The deliveries", ref("WebhookDeliveries")],
      {
        parameters: [
          { name: "order_id", in: "query", description: "Only this order's deliveries", schema: str() },
        ],
      },
    ),
  },
  "/control/webhooks/{id}/resend": {
    ...otherMethods,
    post: op(
      "resendWebhookDelivery",
      "Resend a webhook delivery",
      ["The re-armed delivery", ref("WebhookDelivery")],
      {
        parameters: [idParam("delivery")],
        codes: [404],
      },
    ),
  },
};
