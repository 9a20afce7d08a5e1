"use client";

import { useState } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { useDisplay } from "@/components/display/display-provider";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import { proposePaidAction } from "@/lib/withdrawals/actions";
import type { RecordPaidFormValues } from "@/lib/withdrawals/review-schemas";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";

/**
 * Record paid, first step: what the service's back office shows (the amount paid out, its
 * transaction) and what was checked, checked with the schema the server parses for this coin. It
 * is paid only once a second person in finance confirms; an amount that is not the payout's is
 * refused on its field.
 */
export function ProposePaidDialog({
  withdrawal,
  onDone,
}: {
  withdrawal: WithdrawalView;
  onDone: () => Promise<unknown>;
}) {
  const display = useDisplay();
  const [open, setOpen] = useState(false);
  const { id, currency } = withdrawal;
  const { form, formError, submit } = useActionForm({
    schema: () =>
      import("@/lib/withdrawals/review-schemas").then((schemas) => schemas.recordPaidFormSchema(currency)),
    defaultValues: { amount: "", txid: "", note: "" } satisfies RecordPaidFormValues,
    action: (values: RecordPaidFormValues) => proposePaidAction({ id, ...values }),
    onSuccess: async ({ message }) => {
      showOutcome(succeeded(message));
      setOpen(false);
      form.reset();
      await onDone();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const field = (name: keyof RecordPaidFormValues) => ({
    id: `record-paid-${name}-${id}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `record-paid-${name}-${id}-error` : undefined,
    ...form.register(name),
  });
  const asked = withdrawal.amount ?? withdrawal.serviceAmount;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Record paid</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Propose recording this payout as paid?</DialogTitle>
        <DialogDescription>
          Do this when the service&apos;s own back office shows it paid
          {asked ? ` (this payout is ${display.crypto(asked, currency)})` : ""}. It is recorded paid only when
          a second person in finance confirms it.
        </DialogDescription>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <FormField
            id={`record-paid-amount-${id}`}
            label={`Amount paid in ${currency}`}
            error={errors.amount?.message}
            hint="As the service's back office shows it."
          >
            <Input inputMode="decimal" autoComplete="off" maxLength={40} {...field("amount")} />
          </FormField>
          <FormField id={`record-paid-txid-${id}`} label="Transaction id (hash)" error={errors.txid?.message}>
            <Input autoComplete="off" maxLength={255} className="font-mono" {...field("txid")} />
          </FormField>
          <FormField
            id={`record-paid-note-${id}`}
            label="Note (what you checked)"
            error={errors.note?.message}
          >
            <textarea
              rows={3}
              maxLength={500}
              className="w-full rounded-md border border-slate-300 p-2 text-sm aria-[invalid=true]:border-red-500"
              {...field("note")}
            />
          </FormField>
          <FormError message={formError} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Working…" : "Propose paid"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
