"use client";

import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, failed } from "@/lib/outcome/outcome";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import { setApprovalThresholdAction } from "@/lib/withdrawals/actions";
import type { ThresholdFormValues } from "@/lib/withdrawals/threshold-schema";

export function ThresholdForm({
  defaultValues,
  reportingCurrency,
  pending = null,
}: {
  defaultValues: ThresholdFormValues;
  /** The merchant's own currency: a limit in another one is said to be compared in that one. */
  reportingCurrency: string;
  /** A change of this rule waiting for a second admin, in words: the form shows the rule in force. */
  pending?: string | null;
}) {
  const router = useRouter();
  const { form, submit } = useActionForm({
    schema: () => import("@/lib/withdrawals/threshold-schema").then((schemas) => schemas.thresholdFormSchema),
    defaultValues,
    action: setApprovalThresholdAction,
    onSuccess: ({ message }) => {
      showOutcome(succeeded(message));
      router.refresh();
    },
    onFormError: (message) => showOutcome(failed(message)),
  });
  const { errors, isSubmitting } = form.formState;
  const enabled = useWatch({ control: form.control, name: "enabled" });
  const limitCurrency = useWatch({ control: form.control, name: "fiatCurrency" });

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      <h2 className="font-semibold">Two approvers for large withdrawals</h2>
      {pending ? (
        <p className="text-sm text-amber-900" data-testid="threshold-pending">
          In force below; a change waits for a second admin: {pending}.
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register("enabled")} />
        Require two different approvers above an amount
      </label>
      {enabled ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="amount" label="Above" error={errors.amount?.message}>
            <Input
              id="amount"
              inputMode="decimal"
              aria-invalid={Boolean(errors.amount)}
              {...form.register("amount")}
            />
          </FormField>
          <FormField id="fiatCurrency" label="Currency" error={errors.fiatCurrency?.message}>
            <Select id="fiatCurrency" {...form.register("fiatCurrency")}>
              {FIAT_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </FormField>
          <p className="text-xs text-slate-500 sm:col-span-2" data-testid="threshold-comparison">
            A request in crypto is valued at the service&apos;s latest rate in {limitCurrency} (the quote of
            the latest invoice in that coin and {limitCurrency}, from the last 24 hours). With no such rate,
            or asked in another fiat currency, it needs two approvers: Paydesk takes the safe side.
            {limitCurrency !== reportingCurrency
              ? ` Your reporting currency is ${reportingCurrency}: approvers see values in it, while this limit compares in ${limitCurrency}.`
              : null}
          </p>
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
