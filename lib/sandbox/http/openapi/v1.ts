/** The service API proper (docs/service-api.md): invoices and withdrawals, with injected faults (503). */
import { idParam, jsonBody, jsonContent, ok, ref, str, unlistedMethods, type Schema } from "./helpers";
import { errors } from "./responses";

const tags = ["Service API"];
const otherMethods = unlistedMethods(405, {
  description: "A method this path does not serve.",
  headers: { Allow: { required: true, description: "The one method the path serves", schema: str() } },
  content: jsonContent(ref("Error")),
});

export const v1Paths: Record<string, Schema> = {
  "/v1/invoices": {
    ...otherMethods,
    post: {
      operationId: "createInvoice",
      tags,
      summary: "Create an invoice",
      description:
        "Idempotent by order_id: a repeated order_id returns the existing invoice, whatever the other fields.",
      security: [{ invoiceKey: [] }],
      requestBody: jsonBody(ref("InvoiceCreate"), true),
      responses: { "200": ok("The invoice", ref("Invoice")), ...errors(400, 401, 413, 422, 503) },
    },
  },
  "/v1/invoices/{id}": {
    ...otherMethods,
    get: {
      operationId: "getInvoice",
      tags,
      summary: "Read an invoice",
      description: "Applies a due expiry first.",
      security: [{ invoiceKey: [] }],
      parameters: [idParam("invoice")],
      responses: {
        "200": ok("The invoice with its status and payments", ref("InvoiceInfo")),
        ...errors(401, 404, 503),
      },
    },
  },
  "/v1/withdrawals": {
    ...otherMethods,
    post: {
      operationId: "createWithdrawal",
      tags,
      summary: "Create a withdrawal",
      description:
        "Signed with the invoice key, sent with the withdrawal key. Checks in this order: key, fields, sign, idempotency by order_id (a repeat returns the existing withdrawal), funds (422 Insufficient funds).",
      security: [{ withdrawalKey: [] }],
      requestBody: jsonBody(ref("WithdrawalCreate"), true),
      responses: { "200": ok("The withdrawal", ref("Withdrawal")), ...errors(400, 401, 413, 422, 503) },
    },
  },
};
