"use client";

import type { UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { InvoiceFormValues } from "@/lib/invoices/form-schema";

const URL_FIELDS = [
  {
    name: "webhookUrl",
    label: "Webhook URL",
    hint: "Overrides the project's webhook address for this invoice.",
  },
  { name: "returnUrl", label: "Return URL", hint: "Where the payment page's back link goes." },
  { name: "successUrl", label: "Success URL", hint: "Where the customer goes after paying." },
] as const;

export function AdvancedFields({ form }: { form: UseFormReturn<InvoiceFormValues> }) {
  const { errors } = form.formState;
  const hasError = URL_FIELDS.some(({ name }) => errors[name]) || Boolean(errors.extraData);
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-6" open={hasError || undefined}>
      <summary className="cursor-pointer text-sm font-medium">Advanced: addresses and extra data</summary>
      <div className="mt-4 grid gap-4">
        {URL_FIELDS.map(({ name, label, hint }) => (
          <FormField
            key={name}
            id={name}
            label={`${label} (optional)`}
            error={errors[name]?.message}
            hint={hint}
          >
            <Input
              id={name}
              type="url"
              placeholder="https://"
              aria-invalid={Boolean(errors[name])}
              {...form.register(name)}
            />
          </FormField>
        ))}
        <FormField
          id="extraData"
          label="Extra data (optional JSON object)"
          error={errors.extraData?.message}
          hint="Sent as additional_data and returned with every webhook. Up to 255 KB."
        >
          <textarea
            id="extraData"
            rows={4}
            className="w-full rounded-md border border-slate-300 p-2 font-mono text-sm aria-[invalid=true]:border-red-500"
            aria-invalid={Boolean(errors.extraData)}
            {...form.register("extraData")}
          />
        </FormField>
      </div>
    </details>
  );
}
