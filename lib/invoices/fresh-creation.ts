import Decimal from "decimal.js";
import type { ServiceInvoice } from "@/lib/service";
import type { CreateInvoiceInput } from "@/lib/service/schemas";

/** How far the service's clock may be behind ours and its answer still count as a new invoice. */
const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The creation answer has no status (docs/service-api.md, Invoices). An invoice the service made for this very
 * call, with nothing paid and not expired, is `pending` by the spec's own definition ("an invoice
 * with no payment yet", section 3), so it needs no second call to read it. Anything else — an order
 * id the service already held (made before this call), money already received, a missing
 * timestamp — answers null, and the caller reads the invoice for its real state. The webhook and
 * the refresh loop keep the status current from there.
 */
export function freshCreationRecord(
  remote: ServiceInvoice,
  request: CreateInvoiceInput,
  sentAt: Date,
  now = new Date(),
): ServiceInvoice | null {
  if (remote.status) return remote;
  const made = remote.createdAt?.getTime();
  if (made === undefined || made < sentAt.getTime() - CLOCK_TOLERANCE_MS) return null;
  if (!isZero(remote.paidFiatAmount) || !isZero(remote.paidCryptoAmount)) return null;
  if (remote.expiresAt && remote.expiresAt.getTime() <= now.getTime()) return null;
  return {
    ...remote,
    status: "pending",
    currency: remote.currency ?? request.currency ?? null,
    network: remote.network ?? request.network ?? null,
    additionalData: remote.additionalData ?? request.additionalData ?? null,
    transactions: [],
  };
}

/**
 * An invoice the service already held under this order id before Paydesk sent it (a typed order
 * id another system used, or an earlier run of Paydesk on another database): the creation answer
 * carries money (an invoice made by this call has none at its birth) or was made before the call.
 * Its status and payments are that invoice's, which a person must hear of. Null for one made now.
 */
export interface HeldBefore {
  /** When the service made it (ISO), when it said. */
  createdAt: string | null;
  paidCryptoAmount: string | null;
  paidFiatAmount: string | null;
}

export function heldBeforeSending(remote: ServiceInvoice, sentAt: Date): HeldBefore | null {
  const made = remote.createdAt?.getTime();
  const madeBefore = made !== undefined && made < sentAt.getTime() - CLOCK_TOLERANCE_MS;
  const carriesMoney = !isZero(remote.paidFiatAmount) || !isZero(remote.paidCryptoAmount);
  if (!madeBefore && !carriesMoney) return null;
  return {
    createdAt: remote.createdAt?.toISOString() ?? null,
    paidCryptoAmount: remote.paidCryptoAmount ?? null,
    paidFiatAmount: remote.paidFiatAmount ?? null,
  };
}

function isZero(amount: string | null | undefined): boolean {
  if (amount === null || amount === undefined) return true;
  try {
    return new Decimal(amount).isZero();
  } catch {
    return false;
  }
}
