"use client";

import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { useDisplay } from "@/components/display/display-provider";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, warned } from "@/lib/outcome/outcome";
import { CRYPTO_NETWORKS } from "@/lib/currencies/crypto";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import { requestRefundAction } from "@/lib/refunds/actions";
import { requestWithdrawalAction } from "@/lib/withdrawals/actions";
import { checkAddress } from "@/lib/currencies/address-format";
import type { WithdrawalFormValues } from "@/lib/withdrawals/form-schema";
import { balanceAfter, findBalance, type KnownBalance } from "@/lib/withdrawals/balance-check";
import { KnownBalanceNote } from "@/components/withdrawals/known-balance";
import { AddressHistoryHint } from "./address-history-hint";
import { FeeChoice } from "./fee-choice";
import type { RefundContext } from "@/lib/refunds/refund-context";
import { RefundOf, SourceWalletSuggestions } from "./refund-of";

/**
 * The withdrawal request form. Opened from an invoice (`refund`), it asks for a refund linked to
 * that invoice: currency and network are the payment's, and the server holds it under the cap.
 */
export function WithdrawalForm({
  defaultValues,
  refund,
  balances,
}: {
  defaultValues: WithdrawalFormValues;
  refund?: RefundContext;
  /** What Paydesk knows the merchant holds per coin: the amount is checked against it as it is typed. */
  balances: KnownBalance[];
}) {
  const router = useRouter();
  const display = useDisplay();
  const { form, formError, submit } = useActionForm({
    schema: () => import("@/lib/withdrawals/form-schema").then((schemas) => schemas.withdrawalFormSchema),
    defaultValues,
    action: refund
      ? (values) => requestRefundAction({ ...values, refundOfInvoiceId: refund.invoiceId })
      : requestWithdrawalAction,
    onSuccess: ({ id }) => {
      const requested = `${refund ? "Refund" : "Withdrawal"} requested. Finance will review it`;
      // Paydesk's ledger may lag the service, so a request above it is not refused: it is said plainly.
      const sent = form.getValues();
      const above =
        sent.amountIn === "crypto"
          ? balanceAfter(findBalance(balances, sent.currency, sent.network), sent.amount)?.shortBy
          : null;
      showOutcome(
        above
          ? warned(
              `${requested}, flagged: it is above the balance Paydesk knows of by ${display.crypto(above, sent.currency)}.`,
            )
          : succeeded(`${requested}.`),
      );
      router.push(`/withdrawals/${id}`);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [amountIn, currency, network, address, amount] = useWatch({
    control: form.control,
    name: ["amountIn", "currency", "network", "address", "amount"],
  });
  const known = findBalance(balances, currency, network) ?? null;

  const networks = CRYPTO_NETWORKS[currency] ?? [];
  const addressCheck = network && address ? checkAddress(network, address) : null;

  const field = (name: keyof WithdrawalFormValues) => ({
    id: name,
    "aria-invalid": Boolean(errors[name]),
    ...form.register(name),
  });

  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      {refund ? <RefundOf refund={refund} form={form} /> : null}
      <section className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-2">
        {refund ? null : (
          <>
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="text-sm font-medium">Amount given in</legend>
              <div className="flex gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" value="crypto" {...form.register("amountIn")} /> Crypto
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" value="fiat" {...form.register("amountIn")} /> Fiat (converted by the
                  service)
                </label>
              </div>
            </fieldset>
            <FormField id="currency" label="Crypto currency" error={errors.currency?.message}>
              <Select
                {...field("currency")}
                onChange={(event) => {
                  form.setValue("currency", event.target.value, { shouldValidate: true });
                  form.setValue("network", CRYPTO_NETWORKS[event.target.value]?.[0] ?? "", {
                    shouldValidate: true,
                  });
                }}
              >
                {Object.keys(CRYPTO_NETWORKS).map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="network" label="Network" error={errors.network?.message}>
              <Select {...field("network")}>
                {networks.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            </FormField>
          </>
        )}
        {amountIn === "crypto" ? (
          <div className="grid gap-1">
            <FormField id="amount" label={`Amount in ${currency}`} error={errors.amount?.message}>
              <Input inputMode="decimal" autoComplete="off" {...field("amount")} />
            </FormField>
            {network ? (
              <KnownBalanceNote known={known} amount={amount} currency={currency} network={network} />
            ) : null}
          </div>
        ) : (
          <>
            <FormField id="fiatAmount" label="Amount in fiat" error={errors.fiatAmount?.message}>
              <Input inputMode="decimal" autoComplete="off" {...field("fiatAmount")} />
            </FormField>
            <FormField id="fiatCurrency" label="Fiat currency" error={errors.fiatCurrency?.message}>
              <Select {...field("fiatCurrency")}>
                {FIAT_CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            </FormField>
          </>
        )}
        <div className="sm:col-span-2">
          <FormField
            id="address"
            label="Destination address"
            error={errors.address?.message}
            hint={
              addressCheck?.status === "unknown-network"
                ? `Paydesk cannot check ${network} addresses: double-check it.`
                : undefined
            }
          >
            <Input className="font-mono" autoComplete="off" spellCheck={false} {...field("address")} />
          </FormField>
          <AddressHistoryHint
            address={address}
            formatOk={addressCheck !== null && addressCheck.status !== "invalid"}
          />
          {refund ? (
            <SourceWalletSuggestions
              wallets={refund.sourceWallets}
              onUse={(wallet) => form.setValue("address", wallet, { shouldValidate: true })}
            />
          ) : null}
        </div>
        <FeeChoice form={form} />
        <FormField id="customerId" label="Customer id (optional)" error={errors.customerId?.message}>
          <Input autoComplete="off" {...field("customerId")} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField
            id="reason"
            label="Reason"
            error={errors.reason?.message}
            hint="What the approver needs to know, e.g. a refund for order 1234."
          >
            <textarea
              rows={3}
              className="w-full rounded-md border border-slate-300 p-2 text-sm aria-[invalid=true]:border-red-500"
              {...field("reason")}
            />
          </FormField>
        </div>
      </section>
      <FormError message={formError} />
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Requesting…" : refund ? "Request refund" : "Request withdrawal"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => router.push(refund ? `/invoices/${refund.invoiceId}` : "/withdrawals")}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
