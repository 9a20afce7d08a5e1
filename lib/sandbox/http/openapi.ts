/** The OpenAPI 3.1 document of exactly what the sandbox implements: /v1 and the control API. */
import { COIN_CODES, NETWORKS } from "../catalog";
import type { RequestScope } from "../context";
import { WITHDRAWAL_STATUSES } from "../withdrawals/present";
import {
  control,
  decimalString,
  err,
  idParam,
  jsonBody,
  ok,
  ref,
  schemas,
  str,
  type Schema,
} from "./openapi-schemas";

const v1Errors = { "401": err("Unauthenticated."), "422": err("Validation failed") };

export function openApiDocument({ ctx, request }: RequestScope): Schema {
  const server = (ctx.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
  return {
    openapi: "3.1.0",
    info: {
      title: "Payment service sandbox",
      version: "1.0.0",
      description: "Embedded implementation of service-api.md, plus a control API for tests and demos.",
    },
    servers: [{ url: server.endsWith(ctx.basePath) ? server : server + ctx.basePath }],
    components: {
      securitySchemes: {
        invoiceKey: { type: "http", scheme: "bearer", description: "The merchant's invoice key" },
        withdrawalKey: { type: "http", scheme: "bearer", description: "The merchant's withdrawal key" },
      },
      schemas,
    },
    paths: {
      "/v1/invoices": {
        post: {
          tags: ["v1"],
          summary: "Create an invoice (idempotent by order_id)",
          security: [{ invoiceKey: [] }],
          requestBody: jsonBody(ref("InvoiceCreate")),
          responses: {
            "200": ok(ref("Invoice")),
            "400": err("Malformed JSON"),
            ...v1Errors,
            "503": err("Injected fault"),
          },
        },
      },
      "/v1/invoices/{id}": {
        get: {
          tags: ["v1"],
          summary: "Invoice information",
          security: [{ invoiceKey: [] }],
          parameters: [idParam()],
          responses: {
            "200": ok(ref("InvoiceInfo")),
            "401": err("Unauthenticated."),
            "404": err("Not found"),
          },
        },
      },
      "/v1/withdrawals": {
        post: {
          tags: ["v1"],
          summary: "Create a withdrawal (idempotent by order_id)",
          security: [{ withdrawalKey: [] }],
          requestBody: jsonBody(ref("WithdrawalCreate")),
          responses: { "200": ok(ref("Withdrawal")), ...v1Errors },
        },
      },
      "/control/merchants": {
        post: {
          tags: ["control"],
          summary: "Create a merchant (open)",
          security: [],
          requestBody: jsonBody({ type: "object", properties: { webhook_url: str({ format: "uri" }) } }),
          responses: {
            "200": ok({
              type: "object",
              properties: {
                id: str(),
                invoice_key: str(),
                withdrawal_key: str(),
                webhook_url: { type: ["string", "null"] },
              },
            }),
          },
        },
      },
      "/control/merchant": {
        get: control("The authenticated merchant", { responses: { "200": ok({ type: "object" }) } }),
        put: control("Set the project-level webhook URL", {
          requestBody: jsonBody({
            type: "object",
            properties: { webhook_url: { type: ["string", "null"] } },
          }),
          responses: { "200": ok({ type: "object" }) },
        }),
      },
      "/control/invoices/{id}/payments": {
        post: control("Simulate a payment", {
          parameters: [idParam()],
          requestBody: jsonBody({
            type: "object",
            required: ["amount"],
            properties: {
              amount: decimalString("Crypto amount"),
              currency: str({ enum: COIN_CODES }),
              network: str({ enum: NETWORKS }),
              source_wallet: str(),
            },
          }),
          responses: { "200": ok({ type: "object" }), "404": err("Not found"), "422": err("Refused") },
        }),
      },
      "/control/invoices/{id}/expire": {
        post: control("Expire an open invoice now", {
          parameters: [idParam()],
          responses: { "200": ok(ref("InvoiceInfo")), "422": err("Already final") },
        }),
      },
      "/control/balances": {
        get: control("Balances per crypto currency", { responses: { "200": ok({ type: "object" }) } }),
      },
      "/control/balances/{currency}": {
        put: control("Set a balance", {
          parameters: [{ name: "currency", in: "path", required: true, schema: str({ enum: COIN_CODES }) }],
          requestBody: jsonBody({
            type: "object",
            required: ["amount"],
            properties: { amount: decimalString(">= 0") },
          }),
          responses: { "200": ok({ type: "object" }) },
        }),
      },
      "/control/withdrawals/{id}": {
        get: control("Read a withdrawal", {
          parameters: [idParam()],
          responses: { "200": ok(ref("Withdrawal")) },
        }),
      },
      "/control/withdrawals/{id}/status": {
        post: control("Move a withdrawal to another state", {
          parameters: [idParam()],
          requestBody: jsonBody({
            type: "object",
            required: ["status"],
            properties: { status: str({ enum: [...WITHDRAWAL_STATUSES] }) },
          }),
          responses: { "200": ok(ref("Withdrawal")), "422": err("Transition not allowed") },
        }),
      },
      "/control/faults": {
        get: control("Current faults", { responses: { "200": ok(ref("Faults")) } }),
        post: control("Replace the faults", {
          requestBody: jsonBody(ref("Faults")),
          responses: { "200": ok(ref("Faults")) },
        }),
        delete: control("Clear the faults", { responses: { "200": ok(ref("Faults")) } }),
      },
      "/control/webhooks": {
        get: control("Webhook deliveries and their attempts", {
          parameters: [{ name: "order_id", in: "query", schema: str() }],
          responses: { "200": ok({ type: "object" }) },
        }),
      },
      "/control/webhooks/{id}/resend": {
        post: control("Resend a delivery", {
          parameters: [idParam()],
          responses: { "200": ok({ type: "object" }) },
        }),
      },
    },
  };
}
