"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DateTime } from "@/components/display/date-time";
import { useActionForm } from "@/components/forms/use-action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import { emailInvoiceAction } from "@/lib/invoice-mail/actions";
import type { InvoiceMailRow } from "@/lib/invoice-mail/list-invoice-mail";
import { fetchJson } from "@/lib/query-client";

const POLL_MS = 3_000;

const STATE_WORDS: Record<
  InvoiceMailRow["state"],
  { label: string; tone: "neutral" | "info" | "success" | "danger" }
> = {
  queued: { label: "Waiting to be sent", tone: "info" },
  sending: { label: "Sending", tone: "info" },
  sent: { label: "Sent", tone: "success" },
  failed: { label: "Not delivered", tone: "danger" },
  cancelled: { label: "Not sent", tone: "neutral" },
};

const KIND_WORDS: Record<InvoiceMailRow["kind"], string> = {
  payment_link: "Payment link",
  payment_reminder: "Reminder",
  ask_for_rest: "Ask for the rest",
};

/**
 * Email the customer from the invoice page: the payment link while it can be paid, or a request
 * for the rest of an underpaid invoice that still waits for it. Every sending is listed with who
 * asked, to whom and where it stands; the outbox's loop sends it within seconds.
 */
export function EmailCard({
  invoiceId,
  customerEmail,
  kind,
  canSend,
}: {
  invoiceId: string;
  customerEmail: string | null;
  /** What may be sent now; null: nothing (the invoice is paid, expired, or not confirmed). */
  kind: "payment_link" | "ask_for_rest" | null;
  canSend: boolean;
}) {
  const queryClient = useQueryClient();
  const sendings = useQuery({
    queryKey: ["invoice-mail", invoiceId],
    queryFn: () => fetchJson<InvoiceMailRow[]>(`/api/invoices/${invoiceId}/mail`),
    refetchInterval: (current) =>
      current.state.data?.some((row) => row.state === "queued" || row.state === "sending") ? POLL_MS : false,
  });
  const { form, formError, submit } = useActionForm({
    schema: () => import("@/lib/invoice-mail/email-form-schema").then((m) => m.emailInvoiceSchema),
    defaultValues: { invoiceId, kind: kind ?? "payment_link", to: customerEmail ?? "" },
    action: emailInvoiceAction,
    onSuccess: async ({ message }) => {
      showOutcome(succeeded(message));
      await queryClient.invalidateQueries({ queryKey: ["invoice-mail", invoiceId] });
    },
  });
  const rows = sendings.data ?? [];
  // Nothing to send (or not allowed to) and nothing sent: no card at all.
  if ((!kind || !canSend) && rows.length === 0) return null;
  const { errors, isSubmitting } = form.formState;

  return (
    <div data-testid="email-card">
      <Card title="Email">
        {kind && canSend ? (
          <form onSubmit={submit} className="grid gap-3" noValidate>
            <FormField
              id="email-to"
              label="Customer's email"
              error={errors.to?.message}
              hint="The email carries the amount, what to pay with, the deadline and the payment link."
            >
              <Input
                id="email-to"
                type="email"
                autoComplete="off"
                aria-invalid={errors.to ? true : undefined}
                {...form.register("to")}
              />
            </FormField>
            <FormError message={formError} />
            <div>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting
                  ? "Queuing…"
                  : kind === "ask_for_rest"
                    ? "Ask for the rest by email"
                    : "Email the payment link"}
              </Button>
            </div>
          </form>
        ) : null}
        {rows.length > 0 ? (
          <ul className="mt-4 grid gap-2 text-sm" aria-label="Emails about this invoice">
            {rows.map((row) => (
              <li key={row.id} className="grid gap-0.5" data-testid="invoice-mail-row">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={STATE_WORDS[row.state].tone}>{STATE_WORDS[row.state].label}</Badge>
                  <span>
                    {KIND_WORDS[row.kind]} to <span className="font-medium">{row.to}</span>
                  </span>
                </div>
                <div className="text-xs text-slate-600">
                  {row.requestedBy ? `${row.requestedBy}, ` : "Paydesk, "}
                  <DateTime value={row.createdAt} />
                  {row.attempts > 1 ? ` · ${row.attempts} tries` : ""}
                  {row.problem ? ` · ${row.problem}` : ""}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </div>
  );
}
