/** POST /v1/invoices: validation, then an insert that is idempotent on (merchant, order_id). */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  FIAT_CURRENCIES,
  findMethod,
  fiatToCrypto,
  COIN_CODES,
  NETWORKS,
  type Coin,
  type Fiat,
  type Network,
} from "../catalog";
import { invoices, type InvoiceRow } from "../db/schema";
import type { Merchant, SandboxContext } from "../context";
import { walletFor } from "../addresses";
import { validationError } from "../errors";
import type { JsonObject } from "../json";
import { Fields } from "../validation";

export interface InvoiceInput {
  amount: string;
  fiatCurrency: Fiat;
  orderId: string;
  isPaymentMultiple: boolean;
  lifetime: number;
  accuracy: string;
  webhookUrl: string | null;
  returnUrl: string | null;
  successUrl: string | null;
  additionalData: string | null;
  method: { currency: Coin; network: Network } | null;
}

export function parseInvoiceInput(body: JsonObject): InvoiceInput {
  const f = new Fields(body);
  const amount = f.decimal("amount", { required: true, positive: true });
  if (amount && amount.decimalPlaces() > 8)
    f.fail("amount", "The amount must not have more than 8 decimal places.");
  const fiatCurrency = f.oneOf("fiat_currency", FIAT_CURRENCIES, true);
  const orderId = f.orderId();
  const isPaymentMultiple = f.boolean("is_payment_multiple", false) ?? true;
  const lifetime = f.integer("lifetime", { min: 300, max: 43200 }) ?? 3600;
  const accuracy = f.decimal("accuracy_payment_percent", { required: false, min: "0", max: "5" });
  const webhookUrl = f.url("webhook_url");
  const returnUrl = f.url("return_url");
  const successUrl = f.url("success_url");
  const additionalData = f.additionalData();
  const method = parseMethod(f);
  if (!f.ok || !amount || !fiatCurrency || !orderId) throw validationError(f.errors);
  return {
    amount: amount.toFixed(),
    fiatCurrency,
    orderId,
    isPaymentMultiple,
    lifetime,
    accuracy: accuracy?.toFixed() ?? "0",
    webhookUrl: webhookUrl ?? null,
    returnUrl: returnUrl ?? null,
    successUrl: successUrl ?? null,
    additionalData: additionalData ?? null,
    method,
  };
}

/** Optional `currency` + `network` fixing the payment method; both or neither. */
export function parseMethod(f: Fields, required = false): { currency: Coin; network: Network } | null {
  const hasCurrency = f.present("currency");
  const hasNetwork = f.present("network");
  if (!required && !hasCurrency && !hasNetwork) return null;
  if (hasNetwork && !hasCurrency)
    f.fail("currency", "The currency field is required when network is present.");
  if (hasCurrency && !hasNetwork)
    f.fail("network", "The network field is required when currency is present.");
  const currency = f.oneOf("currency", COIN_CODES, required);
  const network = f.oneOf("network", NETWORKS, required);
  if (!currency || !network) return null;
  if (!findMethod(currency, network)) {
    f.fail("network", `The network ${network} is not supported for ${currency}.`);
    return null;
  }
  return { currency, network };
}

/** Crypto amount and wallet once a payment method is fixed. */
export function methodColumns(
  inv: { id: string; amount: string; fiatCurrency: Fiat },
  method: { currency: Coin; network: Network },
) {
  return {
    currency: method.currency,
    network: method.network,
    cryptoAmount: fiatToCrypto(inv.amount, inv.fiatCurrency, method.currency, "up").toFixed(),
    wallet: walletFor(inv.id, method.network),
  };
}

/** Returns the new invoice, or the existing one for a repeated order_id (whatever its parameters). */
export async function createInvoice(
  ctx: SandboxContext,
  merchant: Merchant,
  input: InvoiceInput,
): Promise<{ invoice: InvoiceRow; created: boolean }> {
  const now = ctx.now();
  const id = randomUUID();
  const [inserted] = await ctx.db
    .insert(invoices)
    .values({
      id,
      merchantId: merchant.id,
      orderId: input.orderId,
      amount: input.amount,
      fiatCurrency: input.fiatCurrency,
      ...(input.method
        ? methodColumns({ id, amount: input.amount, fiatCurrency: input.fiatCurrency }, input.method)
        : {}),
      status: "pending",
      isPaymentMultiple: input.isPaymentMultiple,
      lifetime: input.lifetime,
      accuracyPaymentPercent: input.accuracy,
      webhookUrl: input.webhookUrl,
      returnUrl: input.returnUrl,
      successUrl: input.successUrl,
      additionalData: input.additionalData,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + input.lifetime * 1000),
    })
    .onConflictDoNothing({ target: [invoices.merchantId, invoices.orderId] })
    .returning();
  if (inserted) return { invoice: inserted, created: true };
  const [existing] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.merchantId, merchant.id), eq(invoices.orderId, input.orderId)))
    .limit(1);
  if (!existing) throw new Error("invoice vanished after an order_id conflict");
  return { invoice: existing, created: false };
}
