import type { CreateInvoiceInput } from "@/lib/service/schemas";
import { emptyInvoiceForm, type InvoiceFormValues } from "./form-schema";

/** The form as it was filled for a stored request: for "Duplicate" and "Edit and send again". */
export function formValuesFromRequest(request: CreateInvoiceInput, orderId: string): InvoiceFormValues {
  const data =
    request.additionalData && !Array.isArray(request.additionalData) ? { ...request.additionalData } : {};
  const customerId = data.user_id === undefined ? "" : String(data.user_id);
  delete data.user_id;
  return {
    ...emptyInvoiceForm(orderId),
    amount: request.amount,
    fiatCurrency: request.fiatCurrency as InvoiceFormValues["fiatCurrency"],
    lifetimeSeconds: String(request.lifetime ?? 3600),
    accuracyPercent: String(request.accuracyPaymentPercent ?? 0),
    isPaymentMultiple: request.isPaymentMultiple ?? true,
    customerId,
    extraData: Object.keys(data).length > 0 ? JSON.stringify(data, null, 2) : "",
    webhookUrl: request.webhookUrl ?? "",
    returnUrl: request.returnUrl ?? "",
    successUrl: request.successUrl ?? "",
    currency: request.currency ?? "",
    network: request.network ?? "",
  };
}
