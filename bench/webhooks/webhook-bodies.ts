/**
 * The webhook bodies of the benchmark: one per invoice, as the sandbox would sign them (canonical
 * JSON with `sign` last, keyed with the invoice key), plus repeats of some of them, shuffled in a
 * fixed order so every run sends the same sequence.
 */
import { buildSignedBody } from "@/lib/service/signature";
import { BENCH_SANDBOX_KEYS } from "../bench-users";
import type { BenchInvoice } from "./sandbox-invoices";

export function webhookBodies(invoices: readonly BenchInvoice[], duplicateShare = 0.1): string[] {
  const distinct = invoices.map(
    (invoice) => buildSignedBody(payloadOf(invoice), BENCH_SANDBOX_KEYS.invoiceKey).body,
  );
  const repeats = Math.round(distinct.length * duplicateShare);
  const bodies = [...distinct];
  for (let i = 0; i < repeats; i++) bodies.push(distinct[(i * 7919) % distinct.length] as string);
  // A fixed shuffle (a linear congruential sequence), so runs are comparable.
  let seed = 42;
  for (let i = bodies.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [bodies[i], bodies[j]] = [bodies[j] as string, bodies[i] as string];
  }
  return bodies;
}

/** The fields the sandbox's invoice webhook carries (lib/sandbox/invoices/present.ts). */
function payloadOf(invoice: BenchInvoice): Record<string, unknown> {
  return {
    type: "invoice",
    invoice_id: invoice.serviceId,
    order_id: invoice.orderId,
    status: "pending",
    is_final: false,
    amount: invoice.amount,
    fiat_currency: "USD",
    currency: null,
    network: null,
    crypto_amount: null,
    paid_crypto_amount: "0",
    paid_fiat_amount: "0",
    remaining_crypto_amount: null,
    payment_amount: null,
    txid: null,
    additional_data: null,
  };
}
