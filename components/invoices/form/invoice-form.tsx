"use client";

import { useRouter } from "next/navigation";
import { markJustCreated } from "@/components/invoices/just-created";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createInvoiceAction } from "@/lib/invoices/actions";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import type { InvoiceFormValues } from "@/lib/invoices/form-schema";
import { AdvancedFields } from "./advanced-fields";
import { LifetimeField } from "./lifetime-field";
import { PaymentMethodFields } from "./payment-method-fields";

export function InvoiceForm({
  defaultValues,
  offerEmail = false,
}: {
  defaultValues: InvoiceFormValues;
  /** Mail is set up: the customer's email can be kept for "Email the payment link". */
  offerEmail?: boolean;
}) {
  const router = useRouter();
  const { form, formError, submit } = useActionForm({
    schema: () => import("@/lib/invoices/form-schema").then((schemas) => schemas.invoiceFormSchema),
    defaultValues,
    action: createInvoiceAction,
    onSuccess: ({ invoiceId }) => {
      markJustCreated(invoiceId);
      router.push(`/invoices/${invoiceId}`);
    },
  });
  const { errors, isSubmitting } = form.formState;

  const field = (name: keyof InvoiceFormValues) => ({
    id: name,
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <section className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-2">
        <FormField id="amount" label="Amount" error={errors.amount?.message}>
          <Input inputMode="decimal" placeholder="120.00" autoComplete="off" {...field("amount")} />
        </FormField>
        <FormField id="fiatCurrency" label="Currency" error={errors.fiatCurrency?.message}>
          <Select {...field("fiatCurrency")}>
            {FIAT_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id="customerId"
          label="Customer id (optional)"
          error={errors.customerId?.message}
          hint="Shown in the service's back office as user_id."
        >
          <Input autoComplete="off" {...field("customerId")} />
        </FormField>
        {offerEmail ? (
          <FormField
            id="customerEmail"
            label="Customer email (optional)"
            error={errors.customerEmail?.message}
            hint="Kept in Paydesk for emailing the payment link; never sent to the service."
          >
            <Input type="email" autoComplete="off" {...field("customerEmail")} />
          </FormField>
        ) : null}
        {offerEmail ? (
          <FormField
            id="remindMinutesBefore"
            label="Remind the customer by email"
            error={errors.remindMinutesBefore?.message}
            hint="Once, before the link expires, only if the invoice is still unpaid then."
          >
            <Select {...field("remindMinutesBefore")}>
              <option value="">No reminder</option>
              <option value="30">30 minutes before it expires</option>
              <option value="60">1 hour before it expires</option>
              <option value="120">2 hours before it expires</option>
            </Select>
          </FormField>
        ) : null}
        <FormField
          id="orderId"
          label="Order id"
          error={errors.orderId?.message}
          hint="Unique per invoice; letters, digits, - and _."
        >
          <Input autoComplete="off" className="font-mono" {...field("orderId")} />
        </FormField>
        <LifetimeField form={form} />
        <FormField
          id="accuracyPercent"
          label="Accepted underpayment (%)"
          error={errors.accuracyPercent?.message}
          hint="0 to 5. With 2, paying 98 % counts as paid."
        >
          <Input inputMode="decimal" {...field("accuracyPercent")} />
        </FormField>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="size-4" {...form.register("isPaymentMultiple")} />
          Allow several payments (the customer may pay in parts)
        </label>
      </section>
      <PaymentMethodFields form={form} />
      <AdvancedFields form={form} />
      <FormError message={formError} />
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Creating…" : formError ? "Send again" : "Create invoice"}
        </Button>
        <Button variant="secondary" onClick={() => router.push("/invoices")}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
