import "server-only";
import { findBalance, type KnownBalance } from "./balance-check";
import { knownBalances } from "./known-balances";
import { whyTwoApprovals } from "./approval-reason";
import { getApprovalThreshold } from "./threshold-setting";
import { asc, eq, inArray } from "drizzle-orm";
import { users, withdrawalApprovals, type Withdrawal } from "@/lib/db/schema";
import type { ExceptionKind } from "@/lib/exceptions/exception-status";
import { plainAmount } from "@/lib/exceptions/refund-cap";
import { whyRefundIsNotDue } from "@/lib/exceptions/refund-due";
import { loadRefundLedger, type RefundLedger } from "@/lib/exceptions/refund-ledger";
import { RESOLUTION_LABELS } from "@/lib/exceptions/resolution-labels";
import type { DbOrTx } from "@/lib/db/types";
import { getReportingCurrency } from "@/lib/books/reporting-currency";
import { payoutFiatValue, type FiatValue } from "./fiat-value";
import { ruleValueAt } from "./rule-value";
import { addressesPaidBefore } from "./paid-addresses";
import { serviceRatesFor } from "./service-rates";
import { whatViewerMay, type Viewer, type ViewerPermissions } from "./viewer-permissions";

/** A withdrawal as pages get it: plain JSON, with who approved it and what this viewer may do. */
const STILL_TO_DECIDE: readonly string[] = ["awaiting_approval", "approved"];

export type WithdrawalView = Omit<
  Withdrawal,
  | "createdAt"
  | "updatedAt"
  | "serviceCreatedAt"
  | "serviceUpdatedAt"
  | "nextSubmitAt"
  | "staleAt"
  | "closeProposedAt"
  | "paidProposedAt"
  | "nothingSentAt"
> & {
  createdAt: string;
  updatedAt: string;
  /** A submitted payout needs review then, if the service has not said how it ended. */
  staleAt: string | null;
  /** A proposal to close it, waiting for a second person in finance. */
  closeProposal: { by: string | null; at: string; reason: string | null } | null;
  /** A proposal to record it paid, as the service's back office shows it, waiting for a second person. */
  paidProposal: { by: string | null; at: string; amount: string; txid: string; note: string | null } | null;
  nothingSentAt: string | null;
  requestedByEmail: string | null;
  /** The requester's name, as the people deciding on it know them. */
  requestedByName: string | null;
  approvedBy: string[];
  /** What it is worth in fiat: asked in fiat, at a rate the service applied, or not known. */
  fiatValue: FiatValue;
  /** While it awaits a second approval it needs: why the rule asks for two, in words. */
  whyTwoApprovals: string | null;
  /** While it awaits approval: the balance it would draw on, as Paydesk knows it. */
  knownBalance: KnownBalance | null;
  /** True while it is still to be decided and Paydesk has never paid out to this address before. */
  newAddress: boolean;
  /** The invoice this payout refunds, if it is a refund, as it is now. */
  refundOf: RefundOfInvoice | null;
  viewerMay: ViewerPermissions;
};

/** What the approver needs to know of a refund's invoice now, besides the refund itself. */
export interface RefundOfInvoice {
  invoiceId: string;
  orderId: string;
  /** Its status now (normalised: paid, overpaid, underpaid, expired…). */
  status: string;
  received: string;
  currency: string;
  exception: ExceptionKind | null;
  /** How it was resolved, when a resolution is in force (no refund is owed then). */
  resolvedAs: string | null;
  /** Why this refund can no longer go out, when it cannot (approving it would be refused). */
  notDue: string | null;
}

export async function toWithdrawalViews(
  db: DbOrTx,
  rows: Array<{ withdrawal: Withdrawal; requester: { email: string; name: string } | null }>,
  viewer: Viewer,
): Promise<WithdrawalView[]> {
  const ids = rows.map((row) => row.withdrawal.id);
  const approvals = ids.length
    ? await db
        .select({
          withdrawalId: withdrawalApprovals.withdrawalId,
          approverId: withdrawalApprovals.approverId,
          email: users.email,
        })
        .from(withdrawalApprovals)
        .innerJoin(users, eq(users.id, withdrawalApprovals.approverId))
        .where(inArray(withdrawalApprovals.withdrawalId, ids))
        .orderBy(asc(withdrawalApprovals.createdAt))
    : [];
  const paidBefore = await addressesPaidBefore(
    db,
    [...new Set(rows.map((row) => row.withdrawal.address))],
    ids,
  );
  const ledgers = await refundLedgers(
    db,
    rows.map((row) => row.withdrawal),
  );
  const { currency: reportingCurrency } = await getReportingCurrency(db);
  const rates = await serviceRatesFor(
    db,
    rows.map((row) => row.withdrawal),
    reportingCurrency,
  );
  const deciding = rows
    .filter((row) => row.withdrawal.state === "awaiting_approval")
    .map((row) => row.withdrawal);
  const [balances, threshold] = deciding.length
    ? await Promise.all([knownBalances(db), getApprovalThreshold(db)])
    : [[], null];
  // The rule values crypto in its limit's currency, which is usually the reporting one.
  const ruleRates =
    !threshold || threshold.fiatCurrency === reportingCurrency
      ? rates
      : await serviceRatesFor(db, deciding, threshold.fiatCurrency);
  const proposers = await emailsOf(
    db,
    rows.flatMap((row) => [row.withdrawal.closeProposedBy ?? [], row.withdrawal.paidProposedBy ?? []].flat()),
  );
  return rows.map(({ withdrawal, requester }) => {
    const approvalsOfThis = approvals.filter((approval) => approval.withdrawalId === withdrawal.id);
    const { closeProposedBy, closeProposedAt, closeProposedReason } = withdrawal;
    const { paidProposedBy, paidProposedAt, paidProposedAmount, paidProposedTxid } = withdrawal;
    return {
      ...withdrawal,
      createdAt: withdrawal.createdAt.toISOString(),
      updatedAt: withdrawal.updatedAt.toISOString(),
      staleAt: withdrawal.staleAt?.toISOString() ?? null,
      closeProposal:
        closeProposedBy && closeProposedAt
          ? {
              by: proposers.get(closeProposedBy) ?? null,
              at: closeProposedAt.toISOString(),
              reason: closeProposedReason,
            }
          : null,
      paidProposal:
        paidProposedBy && paidProposedAt && paidProposedAmount !== null && paidProposedTxid !== null
          ? {
              by: proposers.get(paidProposedBy) ?? null,
              at: paidProposedAt.toISOString(),
              amount: paidProposedAmount,
              txid: paidProposedTxid,
              note: withdrawal.paidProposedNote,
            }
          : null,
      nothingSentAt: withdrawal.nothingSentAt?.toISOString() ?? null,
      requestedByEmail: requester?.email ?? null,
      requestedByName: requester?.name ?? null,
      approvedBy: approvalsOfThis.map((approval) => approval.email),
      fiatValue: inReportingCurrency(
        payoutFiatValue(withdrawal, rates.get(withdrawal.id) ?? null),
        reportingCurrency,
      ),
      whyTwoApprovals:
        withdrawal.state === "awaiting_approval"
          ? whyTwoApprovals(
              withdrawal.requiredApprovals,
              threshold,
              withdrawal,
              ruleValueAt(withdrawal, ruleRates.get(withdrawal.id) ?? null),
            )
          : null,
      // Nothing in the ledger for the coin reads as such (KnownBalanceNote), and counts as none.
      knownBalance:
        withdrawal.state === "awaiting_approval"
          ? (findBalance(balances, withdrawal.currency, withdrawal.network) ?? null)
          : null,
      // A warning for whoever decides; once it is sent, "never paid before" would contradict it.
      newAddress: STILL_TO_DECIDE.includes(withdrawal.state) && !paidBefore.has(withdrawal.address),
      refundOf: refundOfInvoice(withdrawal, ledgers),
      viewerMay: whatViewerMay(
        { ...withdrawal, approverIds: approvalsOfThis.map((approval) => approval.approverId) },
        viewer,
      ),
    };
  });
}

const inReportingCurrency = (value: FiatValue, currency: string): FiatValue =>
  value.kind === "unknown" ? { kind: "unknown", currency } : value;

async function refundLedgers(db: DbOrTx, payouts: Withdrawal[]): Promise<Map<string, RefundLedger>> {
  const ids = [...new Set(payouts.flatMap((payout) => payout.refundOfInvoiceId ?? []))];
  const ledgers = await Promise.all(ids.map((id) => loadRefundLedger(db, id)));
  return new Map(ledgers.flatMap((ledger) => (ledger ? [[ledger.invoice.id, ledger]] : [])));
}

function refundOfInvoice(payout: Withdrawal, ledgers: Map<string, RefundLedger>): RefundOfInvoice | null {
  const ledger = payout.refundOfInvoiceId ? ledgers.get(payout.refundOfInvoiceId) : undefined;
  if (!ledger) return null;
  const decided = ["awaiting_approval", "approved", "failed"].includes(payout.state);
  return {
    invoiceId: ledger.invoice.id,
    orderId: ledger.invoice.orderId,
    status: ledger.invoice.status,
    received: plainAmount(ledger.received),
    currency: ledger.currency,
    exception: ledger.exception,
    resolvedAs: ledger.resolution ? RESOLUTION_LABELS[ledger.resolution.kind] : null,
    notDue: decided ? (whyRefundIsNotDue(ledger, payout.amount ?? "0", payout.id)?.message ?? null) : null,
  };
}

async function emailsOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}
