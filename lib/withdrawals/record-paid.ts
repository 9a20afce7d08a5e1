import "server-only";
import { RuleError } from "@/lib/auth/rule-error";
import type { Withdrawal } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { Money } from "@/lib/ledger/money";
import { payoutCryptoAmount } from "@/lib/ledger/payout-target";
import { notifyPaidProposed } from "@/lib/notifications/withdrawal-events";
import { noteInPlace } from "./note-in-place";
import { stopSuccessorsOf } from "./resend-chain";
import { lockForReview } from "./review";
import { recordPaidFormSchema, type RecordPaidForm } from "./review-schemas";
import { statesAllowing } from "./state-machine";
import { transition } from "./transition";

/**
 * Recording a payout paid as the service's back office shows it (it needs review, or is in
 * conflict with the service) takes two people in finance, as closing does: money said to have
 * left is money the books stop holding for it, and a refund paid settles its invoice. One person
 * proposes it with the amount and the transaction the back office shows, and a note; a second,
 * different person confirms it (it is paid then) or declines it. Neither is the requester.
 *
 * The amount must be the payout's own crypto amount: the back office showing another amount paid
 * is not this payout paid, but a conflict that no record closes. A payout asked in fiat that the
 * service never converted takes the amount the back office shows as the service's conversion.
 */
const RECORDABLE = statesAllowing("record_paid");

export async function proposePaid(
  db: Db,
  id: string,
  deciderId: string,
  input: { amount: string; txid: string; note: string },
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const withdrawal = await lockForReview(tx, id, deciderId);
    if (!RECORDABLE.includes(withdrawal.state)) {
      throw new RuleError("Only a withdrawal that needs review or is in conflict can be recorded paid.");
    }
    if (withdrawal.paidProposedBy === deciderId) {
      throw new RuleError("You proposed recording it paid already: a second person in finance confirms it.");
    }
    if (withdrawal.paidProposedBy) {
      throw new RuleError("Recording it paid was proposed already: confirm it, or decline it first.");
    }
    if (withdrawal.closeProposedBy) {
      throw new RuleError(
        "Closing it was proposed: that is confirmed or declined before it can be recorded paid.",
      );
    }
    const form = checkedForm(withdrawal, input);
    const updated = await noteInPlace(
      tx,
      withdrawal,
      {
        paidProposedBy: deciderId,
        paidProposedAt: new Date(),
        paidProposedAmount: form.amount,
        paidProposedTxid: form.txid,
        paidProposedNote: form.note,
      },
      {
        action: "withdrawal.paid_proposed",
        actorId: deciderId,
        reason: form.note,
        detail: { amount: form.amount, txid: form.txid },
      },
    );
    await notifyPaidProposed(tx, updated);
    return updated;
  });
}

/** The second person: the payout is paid, with the amount and transaction proposed. */
export async function confirmPaid(db: Db, id: string, deciderId: string): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const withdrawal = await lockForReview(tx, id, deciderId);
    const proposal = proposalOf(withdrawal);
    if (proposal.by === deciderId) {
      throw new RuleError("You proposed recording it paid: a second person in finance must confirm it.");
    }
    // Checked again: the service may have converted a fiat amount since the proposal.
    const form = checkedForm(withdrawal, proposal);
    const paid = await transition(tx, id, {
      event: "record_paid",
      source: "user",
      actorId: deciderId,
      reason: `The service's back office shows it paid (${form.amount} ${withdrawal.currency}, transaction ${form.txid}), confirmed by a second person: ${form.note}`,
      detail: { txid: form.txid, amount: form.amount, proposedBy: proposal.by },
      set: {
        serviceTxid: form.txid,
        ...(payoutCryptoAmount(withdrawal) === null ? { serviceAmount: form.amount } : {}),
        nextSubmitAt: null,
        failureKind: null,
        failureMessage: null,
      },
    });
    if (!paid) throw new RuleError("It can no longer be recorded paid: it changed meanwhile.");
    // Paid after all: a payout sent again for it must not pay it twice (resend-chain.ts).
    await stopSuccessorsOf(tx, paid, "user");
    return paid;
  });
}

/** Withdraws a proposal to record it paid (its proposer, or another person in finance who disagrees). */
export async function declinePaid(db: Db, id: string, deciderId: string): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const withdrawal = await lockForReview(tx, id, deciderId);
    const proposal = proposalOf(withdrawal);
    return declined(tx, withdrawal, deciderId, proposal);
  });
}

function declined(tx: Tx, withdrawal: Withdrawal, deciderId: string, proposal: RecordPaidForm) {
  return noteInPlace(
    tx,
    withdrawal,
    {
      paidProposedBy: null,
      paidProposedAt: null,
      paidProposedAmount: null,
      paidProposedTxid: null,
      paidProposedNote: null,
    },
    {
      action: "withdrawal.paid_declined",
      actorId: deciderId,
      reason: `Not recorded paid: ${proposal.amount} ${withdrawal.currency}, transaction ${proposal.txid} ("${proposal.note}") was declined.`,
    },
  );
}

function proposalOf(withdrawal: Withdrawal): RecordPaidForm & { by: string } {
  const { paidProposedBy, paidProposedAmount, paidProposedTxid, paidProposedNote } = withdrawal;
  if (!paidProposedBy || paidProposedAmount === null || paidProposedTxid === null) {
    throw new RuleError("Nobody has proposed recording it paid.");
  }
  return {
    by: paidProposedBy,
    amount: paidProposedAmount,
    txid: paidProposedTxid,
    note: paidProposedNote ?? "",
  };
}

/**
 * The proposal as the form's schema for the payout's coin takes it, and its amount the payout's:
 * any difference is refused on its field.
 */
function checkedForm(withdrawal: Withdrawal, input: { amount: string; txid: string; note: string }) {
  const parsed = recordPaidFormSchema(withdrawal.currency).safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
    throw new RuleError("Check the highlighted fields.", { fieldErrors });
  }
  const asked = payoutCryptoAmount(withdrawal);
  if (asked !== null && !asked.eq(parsed.data.amount)) {
    const coin = withdrawal.currency;
    throw new RuleError(
      `This payout is ${asked.toFixed()} ${coin}, not ${new Money(parsed.data.amount).toFixed()} ${coin}. A payment of another amount is not this payout paid: it stays a conflict for the service to explain, and cannot be recorded paid.`,
      { field: "amount" },
    );
  }
  return parsed.data;
}
