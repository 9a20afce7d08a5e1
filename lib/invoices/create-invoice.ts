import "server-only";
import Decimal from "decimal.js";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { invoiceEvents, invoices, type Invoice } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { RuleError } from "@/lib/auth/rule-error";
import {
  isServiceError,
  type ServiceClient,
  type ServiceInvoice,
  type ValidationFailed,
} from "@/lib/service";
import { leaseCoveringCall } from "@/lib/service/call-lease";
import { MAX_SEND_ATTEMPTS, resendDelayMs } from "@/lib/service/resend-backoff";
import type { CreateInvoiceInput } from "@/lib/service/schemas";
import { applyServiceInvoiceIn } from "./apply-service-invoice";
import { freshCreationRecord, heldBeforeSending, type HeldBefore } from "./fresh-creation";

/**
 * Creating an invoice is two steps with a commit between them: record the intent (a row in state
 * "sending" holding the exact request), then call the service. Whatever happens to the call, the
 * row and its order_id remain; sending again reuses both, and the service's idempotency by
 * order_id makes a repeat return the same invoice instead of a second one.
 *
 * Every call is claimed first (counted in send_attempts, next_send_at pushed past the call's worst
 * case), so the loop that sends unconfirmed creations again (lib/jobs/invoice-resender.ts) never
 * calls beside a call still in flight. An unanswered call leaves the next attempt due after the
 * same backoff as withdrawals; after MAX_SEND_ATTEMPTS the loop stops (next_send_at null) and the
 * invoice waits on the home page for a person, whose call starts the count afresh.
 */
export type SendOutcome =
  | { ok: true; invoice: Invoice }
  | { ok: false; retryable: true; message: string }
  | { ok: false; retryable: false; message: string; fieldErrors: Record<string, string[]> };

/**
 * Records (or, for an order id the service never confirmed, updates) the intent. An order id
 * already confirmed by the service is never reused for different data. The intent is claimed for
 * its creator's own call for `leaseMs` (the call's worst case; by default a short grace): should
 * the process die before or during that call, the loop sends it once the lease has run out.
 */
export async function recordInvoiceIntent(
  db: Db,
  request: CreateInvoiceInput,
  userId: string,
  leaseMs = INTENT_GRACE_MS,
  /** Paydesk's own fields, never sent to the service. */
  own: { customerEmail: string | null; remindMinutesBefore?: number | null } = { customerEmail: null },
): Promise<Invoice> {
  const values = {
    customerEmail: own.customerEmail,
    remindMinutesBefore: own.remindMinutesBefore ?? null,
    orderId: request.orderId,
    creationState: "sending" as const,
    creationError: null,
    request,
    amount: request.amount,
    fiatCurrency: request.fiatCurrency,
    customerId: customerIdOf(request),
    additionalData: request.additionalData ?? null,
    isPaymentMultiple: request.isPaymentMultiple ?? true,
    createdBy: userId,
    sendAttempts: 1,
    nextSendAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
  };
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({
      target: invoices.orderId,
      set: { ...values, updatedAt: sql`now()` },
      // Only its creator's own intent, never someone else's; and an intent whose outcome is unknown
      // (the service may hold it) only as it was: the same form sent twice, never a changed one.
      setWhere: and(
        eq(invoices.createdBy, userId),
        or(
          eq(invoices.creationState, "rejected"),
          and(
            eq(invoices.creationState, "sending"),
            sql`${invoices.request} = ${JSON.stringify(request)}::jsonb`,
          ),
        ),
      ),
    })
    .returning();
  if (row) return row;
  const [taken] = await db
    .select({
      invoice: invoices,
      sameRequest: sql<boolean>`${invoices.request} = ${JSON.stringify(request)}::jsonb`,
    })
    .from(invoices)
    .where(eq(invoices.orderId, request.orderId));
  if (taken && taken.invoice.createdBy === userId) {
    // The same form submitted twice (a double click, a retry): the one invoice it made.
    if (taken.sameRequest) return taken.invoice;
    if (taken.invoice.creationState === "sending") {
      throw new RuleError(
        "This invoice was sent but the service's answer never came, so it may exist: it can only be sent again exactly as it was. Open it and use Send again, or create a new invoice.",
        { field: "orderId" },
      );
    }
  }
  throw new RuleError("This order id is already used by another invoice.", { field: "orderId" });
}

/** How long an intent recorded without its call's lease waits before the loop may send it. */
const INTENT_GRACE_MS = 60_000;

/** Who sends: a person (each of their calls gives the loop a fresh budget) or the loop. */
export type Sender = { source: "user"; actorId: string } | { source: "loop"; actorId?: undefined };

/** Writes that commit with the invoice's confirmation (the caller's audit entry). */
export type OnConfirmed = (tx: Tx, invoice: Invoice) => Promise<void>;

/**
 * A person's call: claims the invoice, then sends it. `invoice`: its id, or the row
 * recordInvoiceIntent just answered (saves reading it again). `onConfirmed` runs in the
 * transaction that stores the service's answer, or on its own for an invoice the service had
 * already confirmed (the same form submitted twice).
 */
export async function sendInvoice(
  db: Db,
  client: ServiceClient,
  invoice: string | Invoice,
  actorId: string,
  onConfirmed: OnConfirmed = async () => {},
): Promise<SendOutcome> {
  const local = typeof invoice === "string" ? await readInvoice(db, invoice) : invoice;
  // A call already leased (the intent just recorded for this call, or one in flight elsewhere)
  // is not claimed again: a second call with the same order id only returns the same invoice.
  const leased = local.nextSendAt !== null && local.nextSendAt.getTime() > Date.now();
  const claimed =
    local.creationState === "created" ? null : leased ? local : await claimSend(db, client, local.id);
  if (!claimed) {
    // Confirmed already, or by another sender since it was read.
    const confirmed = local.creationState === "created" ? local : await readInvoice(db, local.id);
    if (confirmed.creationState !== "created") throw new Error(`invoice ${local.id} cannot be sent`);
    await db.transaction((tx) => onConfirmed(tx, confirmed));
    return { ok: true, invoice: confirmed };
  }
  return sendClaimed(db, client, claimed, { source: "user", actorId }, onConfirmed);
}

/**
 * Counts a person's call and keeps the loop away for as long as it can take; the count starts
 * again, so the loop has its whole budget after it. Null when the invoice was confirmed meanwhile.
 */
async function claimSend(db: Db, client: ServiceClient, invoiceId: string): Promise<Invoice | null> {
  const [row] = await db
    .update(invoices)
    .set({
      sendAttempts: 1,
      nextSendAt: sql`now() + make_interval(secs => ${leaseCoveringCall(client) / 1000})`,
    })
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.creationState, ["sending", "rejected"])))
    .returning();
  return row ?? null;
}

/**
 * Sends a claimed invoice (claimSend, or the loop's claimDueSend) and stores the answer. Past its
 * attempts an unanswered creation is no longer due: it waits for a person (next_send_at null).
 */
export async function sendClaimed(
  db: Db,
  client: ServiceClient,
  claimed: Invoice,
  sender: Sender,
  onConfirmed: OnConfirmed = async () => {},
): Promise<SendOutcome> {
  const invoiceId = claimed.id;
  const request = claimed.request as CreateInvoiceInput;
  let answer: ServiceInvoice;
  const sentAt = new Date();
  try {
    answer = await client.createInvoice(request);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    const final = error.kind === "validation_failed";
    const again = !final && claimed.sendAttempts < MAX_SEND_ATTEMPTS;
    await db.transaction(async (tx) => {
      await tx
        .update(invoices)
        .set({
          creationState: final ? "rejected" : "sending",
          creationError: error.userMessage,
          nextSendAt: again ? new Date(Date.now() + resendDelayMs(claimed.sendAttempts)) : null,
          updatedAt: new Date(),
        })
        .where(and(eq(invoices.id, invoiceId), inArray(invoices.creationState, ["sending", "rejected"])));
      await tx.insert(invoiceEvents).values({
        invoiceId,
        kind: "creation_failed",
        detail: { kind: error.kind, message: error.userMessage, attempt: claimed.sendAttempts },
        source: sender.source,
        actorId: sender.actorId ?? null,
      });
    });
    if (error.kind === "validation_failed") {
      const { fieldErrors } = error as ValidationFailed;
      return { ok: false, retryable: false, message: error.userMessage, fieldErrors };
    }
    return { ok: false, retryable: true, message: error.userMessage };
  }

  const confirmed =
    freshCreationRecord(answer, request, sentAt) ?? (await client.getInvoice(answer.id).catch(() => answer));
  const heldBefore = heldBeforeSending(answer, sentAt);
  const applied = await db.transaction(async (tx) => {
    const { invoice: row, wasConfirmed } = await applyServiceInvoiceIn(
      tx,
      invoiceId,
      confirmed,
      sender.source,
      sender.actorId,
    );
    // A person's Send again beside the loop's call: both answered, one creation on the timeline.
    if (!wasConfirmed) {
      await tx.insert(invoiceEvents).values({
        invoiceId,
        kind: "created",
        toStatus: row.serviceStatus,
        detail: {
          serviceId: confirmed.id,
          mismatch: describeMismatch(request, confirmed, heldBefore),
          heldBefore,
        },
        source: sender.source,
        actorId: sender.actorId ?? null,
      });
    }
    await onConfirmed(tx, row);
    return row;
  });
  return { ok: true, invoice: applied };
}

async function readInvoice(db: Db, invoiceId: string): Promise<Invoice> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw new Error(`invoice ${invoiceId} does not exist`);
  return row;
}

/**
 * An order id the service already knew returns the existing invoice, even if this request asked
 * for something else: say so, since the service's version is what the customer will pay, and its
 * payments (made before this request) are that invoice's.
 */
function describeMismatch(
  request: CreateInvoiceInput,
  remote: ServiceInvoice,
  heldBefore: HeldBefore | null,
): string | null {
  const differences: string[] = [];
  if (remote.amount && !new Decimal(remote.amount).equals(request.amount)) {
    differences.push(`amount ${remote.amount} instead of ${request.amount}`);
  }
  if (remote.fiatCurrency && remote.fiatCurrency.toUpperCase() !== request.fiatCurrency.toUpperCase()) {
    differences.push(`currency ${remote.fiatCurrency} instead of ${request.fiatCurrency}`);
  }
  const money = heldBefore && (heldBefore.paidCryptoAmount ?? heldBefore.paidFiatAmount);
  const before = money
    ? "The service already had an invoice with this order id, with money on it before Paydesk sent this one: its status and payments are that invoice's"
    : "The service already had an invoice with this order id";
  if (differences.length > 0) return `${before}: ${differences.join(", ")}.`;
  return heldBefore ? `${before}.` : null;
}

function customerIdOf(request: CreateInvoiceInput): string | null {
  const data = request.additionalData;
  if (!data || Array.isArray(data)) return null;
  const userId = data.user_id;
  return typeof userId === "string" || typeof userId === "number" ? String(userId) : null;
}
