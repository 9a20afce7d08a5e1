"use client";

import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, failed } from "@/lib/outcome/outcome";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import { setReportingCurrencyAction } from "@/lib/books/reporting-currency-actions";
import type { ReportingCurrencyValues } from "@/lib/books/reporting-currency-schema";

/** Settings → Reporting currency: the merchant's own currency, that payouts in crypto are valued in. */
export function ReportingCurrencyForm({
  defaultValues,
  source,
}: {
  defaultValues: ReportingCurrencyValues;
  /** Whether an admin chose it, or Paydesk took the one most invoices use (or USD, with none yet). */
  source: "chosen" | "usual" | "default";
}) {
  const router = useRouter();
  const { form, submit } = useActionForm({
    schema: () =>
      import("@/lib/books/reporting-currency-schema").then((schemas) => schemas.reportingCurrencySchema),
    defaultValues,
    action: setReportingCurrencyAction,
    onSuccess: ({ message }) => {
      showOutcome(succeeded(message));
      router.refresh();
    },
    onFormError: (message) => showOutcome(failed(message)),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      <div>
        <h2 className="font-semibold">Reporting currency</h2>
        <p className="text-sm text-slate-600">
          The currency your business counts in. Payouts asked in crypto show their value in it, at the
          service&apos;s latest rate in it (the quote of your latest invoice in that coin and currency, from
          the last 24 hours), and the two-approver limit below is offered in it.
        </p>
      </div>
      <FormField id="reportingCurrency" label="Currency" error={errors.currency?.message}>
        <Select id="reportingCurrency" className="max-w-40" {...form.register("currency")}>
          {FIAT_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Select>
      </FormField>
      {source === "chosen" ? null : (
        <p className="text-xs text-slate-500" data-testid="reporting-currency-source">
          {source === "usual"
            ? `Not chosen yet: ${defaultValues.currency} is the currency most of your latest invoices are in.`
            : "Not chosen yet, and there are no invoices to go by: USD until you choose."}
        </p>
      )}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
