"use client";

import Link from "next/link";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useDisplay } from "@/components/display/display-provider";
import { Button } from "@/components/ui/button";
import type { RefundChoice } from "@/lib/refunds/refund-choices";
import type { RefundContext } from "@/lib/refunds/refund-context";
import type { WithdrawalFormValues } from "@/lib/withdrawals/form-schema";

/**
 * Above a refund's form: the invoice it refunds, and what to give back. The excess of an
 * overpayment is chosen when the form opens; the whole payment (or the rest of it) is the other
 * choice, made here on purpose. Choosing fills the amount and, unless the person wrote their own,
 * the reason; an amount typed by hand chooses neither.
 */
export function RefundOf({
  refund,
  form,
}: {
  refund: RefundContext;
  form: UseFormReturn<WithdrawalFormValues>;
}) {
  const display = useDisplay();
  const money = (amount: string) => display.crypto(amount, refund.currency);
  const amount = useWatch({ control: form.control, name: "amount" });
  const { excess, rest, restIsWhole, preferred } = refund.choices;
  const options: { title: string; hint: string; choice: RefundChoice }[] = [];
  if (excess)
    options.push({ title: "The excess", hint: "what the customer paid over the invoice", choice: excess });
  // The rest is offered beside the excess, or alone once refunds cover the excess (never prefilled then).
  if (rest && (excess || preferred === null)) {
    options.push({
      title: restIsWhole ? "The whole payment" : "The rest of the payment",
      hint: excess ? "for example when the order is cancelled" : "refunds on their way cover the excess",
      choice: rest,
    });
  }

  function choose(choice: RefundChoice) {
    form.setValue("amount", choice.amount, { shouldValidate: true, shouldDirty: true });
    // The reason follows the choice unless the person wrote one of their own.
    const reason = form.getValues("reason");
    const untouched = [excess?.reason, rest?.reason, `Refund of invoice ${refund.invoiceOrderId}: `];
    if (!reason.trim() || untouched.includes(reason))
      form.setValue("reason", choice.reason, { shouldDirty: true });
  }

  return (
    <div
      className="grid gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm"
      data-testid="refund-of"
    >
      <div className="grid gap-1">
        <p className="font-medium">
          Refund of invoice{" "}
          <Link href={`/invoices/${refund.invoiceId}`} className="font-mono underline">
            {refund.invoiceOrderId}
          </Link>
        </p>
        <p>
          Paid out in {refund.currency} on {refund.network}, as the customer paid. At most{" "}
          {money(refund.refundable)} can be refunded.
        </p>
      </div>
      {options.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">What to give back</legend>
          {options.map((option) => (
            <label key={option.title} className="flex items-start gap-2">
              <input
                type="radio"
                name="refund-choice"
                className="mt-1"
                checked={amount === option.choice.amount}
                onChange={() => choose(option.choice)}
              />
              <span>
                <span className="font-medium">
                  {option.title}: {money(option.choice.amount)}
                </span>{" "}
                <span className="text-slate-600">({option.hint})</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

export function SourceWalletSuggestions({
  wallets,
  onUse,
}: {
  wallets: string[];
  onUse: (wallet: string) => void;
}) {
  if (wallets.length === 0) return null;
  return (
    <div
      className="mt-2 grid gap-2 rounded-md border border-slate-200 p-3 text-sm"
      data-testid="source-wallets"
    >
      <p className="font-medium">The customer paid from:</p>
      <ul className="grid gap-1">
        {wallets.map((wallet) => (
          <li key={wallet} className="flex flex-wrap items-center gap-2">
            <code className="text-xs break-all">{wallet}</code>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onUse(wallet)}
              aria-label={`Use this address: ${wallet}`}
            >
              Use this address
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-amber-800">
        If that is an exchange&apos;s wallet, a refund sent to it may never reach the customer: when in doubt,
        ask the customer for an address of their own.
      </p>
    </div>
  );
}
