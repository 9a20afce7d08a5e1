/** The invoice as the API shows it (section 2.2) and as its webhook carries it. */
import Decimal from "decimal.js";
import type { InvoiceRow, TransactionRow } from "../db/schema";
import { unixSeconds } from "../context";
import { cryptoToFiat, isCoin, isFiat } from "../catalog";
import { JsonNumber, parseJson, type Encodable } from "../json";
import { isFinalStatus } from "./status";

const num = (d: Decimal.Value) => new JsonNumber(new Decimal(d).toFixed());
const str = (d: Decimal.Value) => new Decimal(d).toFixed();

export function additionalData(text: string | null): Encodable {
  return text === null ? null : parseJson(text);
}

export function invoiceFigures(inv: InvoiceRow) {
  const paid = new Decimal(inv.paidCryptoAmount);
  const crypto = inv.cryptoAmount === null ? null : new Decimal(inv.cryptoAmount);
  const remaining = crypto === null ? null : Decimal.max(0, crypto.minus(paid));
  const paidFiat =
    inv.currency && isCoin(inv.currency) && isFiat(inv.fiatCurrency)
      ? cryptoToFiat(paid, inv.currency, inv.fiatCurrency)
      : new Decimal(0);
  return { paid, crypto, remaining, paidFiat };
}

/** The creation response: exactly the fields of the spec's table (wallet omitted until known). */
export function presentCreatedInvoice(inv: InvoiceRow, payUrl: string): Record<string, Encodable> {
  const f = invoiceFigures(inv);
  return {
    id: inv.id,
    amount: num(inv.amount),
    crypto_amount: f.crypto === null ? null : num(f.crypto),
    remaining_crypto_amount: f.remaining === null ? null : num(f.remaining),
    paid_fiat_amount: num(f.paidFiat),
    paid_crypto_amount: num(f.paid),
    fiat_currency: inv.fiatCurrency,
    is_payment_multiple: inv.isPaymentMultiple,
    wallet: inv.wallet ?? undefined,
    created_at: unixSeconds(inv.createdAt),
    expires_at: unixSeconds(inv.expiresAt),
    pay_url: payUrl,
  };
}

export function presentInvoice(
  inv: InvoiceRow,
  txs: TransactionRow[],
  payUrl: string,
): Record<string, Encodable> {
  return {
    ...presentCreatedInvoice(inv, payUrl),
    status: inv.status,
    currency: inv.currency,
    network: inv.network,
    additional_data: additionalData(inv.additionalData),
    transactions: txs.map(presentTransaction),
  };
}

export function presentTransaction(tx: TransactionRow): Record<string, Encodable> {
  return { transaction_id: tx.txid, source_wallet: tx.sourceWallet, amount: num(tx.amount) };
}

/** Webhook payload. Amounts are decimal strings here so a receiver's JSON.parse keeps them exact. */
export function invoiceWebhookPayload(
  inv: InvoiceRow,
  lastTx: TransactionRow | null,
): Record<string, Encodable> {
  const f = invoiceFigures(inv);
  return {
    type: "invoice",
    invoice_id: inv.id,
    order_id: inv.orderId,
    status: inv.status,
    is_final: isFinalStatus(inv.status),
    amount: str(inv.amount),
    fiat_currency: inv.fiatCurrency,
    currency: inv.currency,
    network: inv.network,
    crypto_amount: f.crypto === null ? null : str(f.crypto),
    paid_crypto_amount: str(f.paid),
    paid_fiat_amount: str(f.paidFiat),
    remaining_crypto_amount: f.remaining === null ? null : str(f.remaining),
    payment_amount: lastTx ? str(lastTx.amount) : null,
    txid: lastTx?.txid ?? null,
    additional_data: additionalData(inv.additionalData),
  };
}
