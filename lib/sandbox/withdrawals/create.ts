/**
 * POST /v1/withdrawals. Checks run in this order: auth (router), field rules, signature,
 * idempotency on (merchant, order_id), funds. The insert and the debit share one transaction,
 * so an insufficient balance leaves nothing behind.
 */
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import {
  coinDecimals,
  findMethod,
  FIAT_CURRENCIES,
  fiatToCrypto,
  isFiat,
  type Coin,
  type Network,
} from "../catalog";
import { withdrawals, type WithdrawalRow } from "../db/schema";
import type { Merchant, SandboxContext } from "../context";
import { isValidAddress } from "../addresses";
import { debitBalance } from "../balances";
import { HttpError, unprocessable, validationError } from "../errors";
import type { JsonObject } from "../json";
import { verifySign } from "../signature";
import { Fields } from "../validation";
import { parseMethod } from "../invoices/create";

interface WithdrawalInput {
  orderId: string;
  amount: Decimal;
  fiatAmount: Decimal | null;
  fiatCurrency: string | null;
  currency: Coin;
  network: Network;
  address: string;
  isSubtract: boolean;
  fee: Decimal;
  additionalData: string | null;
}

function parseWithdrawalInput(body: JsonObject): WithdrawalInput {
  const f = new Fields(body);
  const hasAmount = f.present("amount");
  const hasFiat = f.present("fiat_amount");
  if (hasAmount && hasFiat) f.fail("amount", "The amount field prohibits fiat_amount from being present.");
  if (!hasAmount && !hasFiat)
    f.fail("amount", "The amount field is required when fiat amount is not present.");
  const amount = hasAmount ? f.decimal("amount", { required: true, positive: true }) : undefined;
  const fiatAmount =
    hasFiat && !hasAmount ? f.decimal("fiat_amount", { required: true, positive: true }) : undefined;
  const fiatCurrency = hasFiat && !hasAmount ? f.oneOf("fiat_currency", FIAT_CURRENCIES, true) : undefined;
  const orderId = f.orderId();
  const method = parseMethod(f, true);
  const address = f.string("address", { required: true, max: 128 });
  if (address && method && !isValidAddress(address, method.network))
    f.fail("address", `The address is not a valid ${method.network} address.`);
  const isSubtract = f.boolean("is_subtract", true);
  const additionalData = f.additionalData();
  f.string("sign", { required: true });

  let crypto: Decimal | undefined;
  let fee: Decimal | undefined;
  if (method) {
    const decimals = coinDecimals(method.currency);
    fee = new Decimal(findMethod(method.currency, method.network)?.fee ?? 0);
    if (amount && amount.decimalPlaces() > decimals)
      f.fail(
        "amount",
        `The amount must not have more than ${decimals} decimal places for ${method.currency}.`,
      );
    crypto =
      amount ??
      (fiatAmount && fiatCurrency && isFiat(fiatCurrency)
        ? fiatToCrypto(fiatAmount, fiatCurrency, method.currency, "down")
        : undefined);
    if (fiatAmount && crypto?.isZero()) f.fail("fiat_amount", "The fiat amount is too small.");
    if (crypto && isSubtract === false && crypto.lte(fee))
      f.fail("amount", `The amount must be greater than the fee (${fee.toFixed()} ${method.currency}).`);
  }
  if (!f.ok || !orderId || !method || !address || isSubtract === undefined || !crypto || !fee)
    throw validationError(f.errors);
  return {
    orderId,
    amount: crypto,
    fiatAmount: fiatAmount ?? null,
    fiatCurrency: fiatCurrency ?? null,
    currency: method.currency,
    network: method.network,
    address,
    isSubtract,
    fee,
    additionalData: additionalData ?? null,
  };
}

class InsufficientFunds extends Error {}

export async function createWithdrawal(
  ctx: SandboxContext,
  merchant: Merchant,
  body: JsonObject,
): Promise<{ withdrawal: WithdrawalRow; created: boolean }> {
  const input = parseWithdrawalInput(body);
  if (!verifySign(body, merchant.invoiceKey)) throw unprocessable("Invalid sign", { sign: ["Invalid sign"] });
  const findExisting = async () => {
    const [row] = await ctx.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.merchantId, merchant.id), eq(withdrawals.orderId, input.orderId)))
      .limit(1);
    return row;
  };
  const existing = await findExisting();
  if (existing) return { withdrawal: existing, created: false };

  const now = ctx.now();
  const debit = input.isSubtract ? input.amount.plus(input.fee) : input.amount;
  const payout = input.isSubtract ? input.amount : input.amount.minus(input.fee);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(withdrawals)
        .values({
          id: randomUUID(),
          merchantId: merchant.id,
          orderId: input.orderId,
          amount: input.amount.toFixed(),
          payoutAmount: payout.toFixed(),
          fee: input.fee.toFixed(),
          debitedAmount: debit.toFixed(),
          currency: input.currency,
          network: input.network,
          address: input.address,
          isSubtract: input.isSubtract,
          fiatAmount: input.fiatAmount?.toFixed() ?? null,
          fiatCurrency: input.fiatCurrency,
          status: "process",
          additionalData: input.additionalData,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [withdrawals.merchantId, withdrawals.orderId] })
        .returning();
      if (!inserted) return null; // a concurrent request with the same order_id won
      if (!(await debitBalance(tx, merchant.id, input.currency, debit, now))) throw new InsufficientFunds();
      return inserted;
    });
    if (row) return { withdrawal: row, created: true };
  } catch (err) {
    if (err instanceof InsufficientFunds)
      throw new HttpError(422, "Insufficient funds", { amount: ["Insufficient funds"] });
    throw err;
  }
  const raced = await findExisting();
  if (!raced) throw new Error("withdrawal vanished after an order_id conflict");
  return { withdrawal: raced, created: false };
}
