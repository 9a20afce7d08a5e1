"use client";

import type { UseFormReturn } from "react-hook-form";
import type { WithdrawalFormValues } from "@/lib/withdrawals/form-schema";

/** is_subtract in plain words: who pays the network fee, and what the recipient receives. */
export function FeeChoice({ form }: { form: UseFormReturn<WithdrawalFormValues> }) {
  const isSubtract = form.watch("isSubtract");
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="text-sm font-medium">Who pays the network fee?</legend>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          className="mt-1"
          checked={isSubtract}
          onChange={() => form.setValue("isSubtract", true)}
          name="isSubtract"
        />
        <span>
          <strong>We do.</strong> The fee is taken from our balance on top of the amount; the recipient gets
          the full amount.
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          className="mt-1"
          checked={!isSubtract}
          onChange={() => form.setValue("isSubtract", false)}
          name="isSubtract"
        />
        <span>
          <strong>The recipient does.</strong> The fee comes out of the payout; the recipient gets the amount
          minus the fee.
        </span>
      </label>
    </fieldset>
  );
}
