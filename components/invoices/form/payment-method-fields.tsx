"use client";

import type { UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { CRYPTO_NETWORKS } from "@/lib/currencies/crypto";
import type { InvoiceFormValues } from "@/lib/invoices/form-schema";

/** Optional: fix the crypto currency and network, so the customer does not choose on the payment page. */
export function PaymentMethodFields({ form }: { form: UseFormReturn<InvoiceFormValues> }) {
  const currency = form.watch("currency");
  const networks = currency ? (CRYPTO_NETWORKS[currency] ?? []) : [];
  const { errors } = form.formState;

  return (
    <section className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-2">
      <p className="text-sm text-slate-600 sm:col-span-2">
        Payment method (optional). Leave empty to let the customer choose on the payment page.
      </p>
      <FormField id="currency" label="Crypto currency" error={errors.currency?.message}>
        <Select
          id="currency"
          aria-invalid={Boolean(errors.currency)}
          {...form.register("currency", {
            onChange: (event) => {
              const options = CRYPTO_NETWORKS[event.target.value as string] ?? [];
              form.setValue("network", options.length === 1 ? (options[0] ?? "") : "");
            },
          })}
        >
          <option value="">Customer chooses</option>
          {Object.keys(CRYPTO_NETWORKS).map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="network" label="Network" error={errors.network?.message}>
        <Select
          id="network"
          aria-invalid={Boolean(errors.network)}
          disabled={!currency}
          {...form.register("network")}
        >
          <option value="">{currency ? "Choose a network" : "—"}</option>
          {networks.map((network) => (
            <option key={network} value={network}>
              {network}
            </option>
          ))}
        </Select>
      </FormField>
    </section>
  );
}
