/** The service API proper: /v1/invoices, /v1/invoices/{id}, /v1/withdrawals. */
import { payUrl, type RequestScope } from "../context";
import { authenticateWithFaults } from "../merchants";
import { createInvoice, parseInvoiceInput } from "../invoices/create";
import { presentCreatedInvoice, presentInvoice } from "../invoices/present";
import { readInvoice, readOwnInvoice } from "../invoices/transitions";
import { createWithdrawal } from "../withdrawals/create";
import { presentWithdrawal } from "../withdrawals/present";
import { checkWebhookUrlField } from "../webhooks/targets";
import { readJsonObject } from "./body";
import { withFaults } from "./faulty";
import { json } from "./respond";
import { HttpError, notFound } from "../errors";

const methodNotAllowed = (allow: string) => new HttpError(405, "Method not allowed.", undefined, { allow });

export async function handleV1({ ctx, request, segments }: RequestScope): Promise<Response> {
  const [resource, id, ...rest] = segments;
  if (resource === "invoices" && id === undefined) {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const { merchant, faults } = await authenticateWithFaults(ctx, request, "invoice");
    return withFaults(faults, async () => {
      const input = parseInvoiceInput(await readJsonObject(request));
      await checkWebhookUrlField(ctx, "webhook_url", input.webhookUrl);
      const { invoice } = await createInvoice(ctx, merchant, input);
      const current = invoice.status === "pending" ? await readInvoice(ctx, invoice.id) : invoice;
      return json(200, presentCreatedInvoice(current, payUrl(ctx, request, invoice.id)));
    });
  }
  if (resource === "invoices" && id !== undefined && rest.length === 0) {
    if (request.method !== "GET") throw methodNotAllowed("GET");
    const { faults, read } = await readOwnInvoice(ctx, request, id);
    return withFaults(faults, async () => {
      const { invoice, transactions } = await read();
      return json(200, presentInvoice(invoice, transactions, payUrl(ctx, request, invoice.id)));
    });
  }
  if (resource === "withdrawals" && id === undefined) {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const { merchant, faults } = await authenticateWithFaults(ctx, request, "withdrawal");
    return withFaults(faults, async () => {
      const { withdrawal } = await createWithdrawal(ctx, merchant, await readJsonObject(request));
      return json(200, presentWithdrawal(withdrawal));
    });
  }
  throw notFound();
}
