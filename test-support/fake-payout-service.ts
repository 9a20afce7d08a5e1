// Test support: a model of the payment service's payouts, in memory. It keeps one record per
// order id (as the real service does: creation is idempotent by order_id), answers each creation
// with an outcome the test chooses, and hands out the reports (webhooks) a test delivers when it
// likes: late, twice, out of order or never. Not imported by application code.
import Decimal from "decimal.js";
import {
  InsufficientFunds,
  Unavailable,
  type CreateWithdrawalInput,
  type ServiceClient,
} from "@/lib/service";
import { withdrawalResponseSchema } from "@/lib/service/responses";
import type { ServiceReport } from "@/lib/withdrawals/apply-service-report";

/**
 * What the next creation call meets: accepted; a timeout after the service committed the payout
 * (the answer is lost); a timeout before it did; a refusal (422); no answer ever, before or after
 * the service committed it (the caller's process died while it waited: the call never returns);
 * an answer naming another payout (the service committed the one asked for, but answers with
 * another amount); a payout committed with another amount than asked (every answer and report
 * says that amount).
 */
export type CreationOutcome =
  | "accept"
  | "timeout_after_commit"
  | "timeout_before_commit"
  | "refuse"
  | "hang_before_commit"
  | "hang_after_commit"
  | "answer_other_payout"
  | "commit_other_amount";

/** What a paid report says of the fee: nothing, the fee, what the recipient received, or both. */
export type FeeReport = "none" | "fee" | "payout amount" | "both";

export interface ServicePayout {
  id: string;
  orderId: string;
  address: string;
  /** Crypto amount, or the fiat amount when the payout was asked for in fiat. */
  amount: string;
  currency: string;
  network: string;
  status: string;
  isSubtract: boolean;
  /** The service's fee and what the recipient received, once a paid report said them. */
  fee: string | null;
  payoutAmount: string | null;
}

/** The service's fee in these tests: 1 % of the amount (more decimals than the coin carries, often). */
const FEE_RATE = "0.01";

export class FakePayoutService implements ServiceClient {
  readonly callBudgetMs = 10_000;
  readonly payouts = new Map<string, ServicePayout>();
  /** Every creation call, in order, as sent. */
  readonly calls: CreateWithdrawalInput[] = [];
  /** Outcomes of the next creation calls, first first; "accept" when empty. */
  readonly next: CreationOutcome[] = [];
  /** The creation calls answered with the payout as the service holds it: its status then. */
  readonly answers: { orderId: string; status: string }[] = [];
  /** Called when a creation call will never answer (a "hang_*" outcome). */
  onHang: (() => void) | null = null;
  /** Changes the answer to a creation (a service that answers with another payout). */
  answerWith: ((payout: ServicePayout) => Record<string, unknown>) | null = null;
  /** Awaited before the service first holds a payout for an order id (a test looks at what Paydesk knew then). */
  beforeCommit: ((input: CreateWithdrawalInput) => Promise<void>) | null = null;
  /** Order ids whose final word the service changed (paid, then failed; or failed, then paid): the service contradicting itself. */
  readonly flipped = new Set<string>();
  private counter = 0;

  async createWithdrawal(input: CreateWithdrawalInput) {
    this.calls.push(input);
    const outcome = this.next.shift() ?? "accept";
    if (outcome === "refuse") throw new InsufficientFunds({ status: 422 });
    if (outcome === "timeout_before_commit") throw new Unavailable("timeout", "fake: no answer");
    if (outcome === "hang_before_commit") return this.hang();
    const asked = String(input.amount ?? input.fiatAmount);
    let payout = this.payouts.get(input.orderId);
    if (!payout) {
      await this.beforeCommit?.(input);
      payout = {
        id: `svc_wd_${++this.counter}`,
        orderId: input.orderId,
        address: input.address,
        amount: outcome === "commit_other_amount" ? new Decimal(asked).times("1.1").toFixed() : asked,
        currency: input.currency ?? "",
        network: input.network ?? "",
        status: "process",
        isSubtract: input.isSubtract ?? true,
        fee: null,
        payoutAmount: null,
      };
      this.payouts.set(input.orderId, payout);
    }
    if (outcome === "timeout_after_commit") throw new Unavailable("timeout", "fake: answer lost");
    if (outcome === "hang_after_commit") return this.hang();
    const raw = {
      id: payout.id,
      order_id: payout.orderId,
      amount: payout.amount,
      address: payout.address,
      currency: payout.currency,
      network: payout.network,
      status: payout.status,
      additional_data: null,
      created_at: 1_700_000_000,
      update_at: 1_700_000_000,
      ...(payout.fee === null ? {} : { fee: payout.fee }),
      ...(payout.payoutAmount === null ? {} : { payout_amount: payout.payoutAmount }),
      ...this.answerWith?.(payout),
      ...(outcome === "answer_other_payout" ? { amount: new Decimal(payout.amount).plus(1).toFixed() } : {}),
    };
    // An answer that names the payout asked for is news of it; one naming another is a conflict.
    if (!this.answerWith && outcome !== "answer_other_payout" && payout.amount === asked) {
      this.answers.push({ orderId: payout.orderId, status: payout.status });
    }
    return withdrawalResponseSchema.parse(raw);
  }

  private hang(): Promise<never> {
    this.onHang?.();
    return new Promise<never>(() => {});
  }

  /**
   * The service moves a payout on (process, check, paid, fail, cancel, system_fail); once paid, its
   * reports say the fee as `fee` asks (1 % of the amount: from the merchant's balance when
   * is_subtract, else from the amount).
   */
  settle(orderId: string, status: string, fee: FeeReport = "none"): ServiceReport {
    const payout = this.held(orderId);
    payout.status = status;
    if (status === "paid" && fee !== "none") {
      const charged = new Decimal(payout.amount).times(FEE_RATE);
      const received = payout.isSubtract
        ? new Decimal(payout.amount)
        : new Decimal(payout.amount).minus(charged);
      if (fee !== "payout amount") payout.fee = charged.toFixed();
      if (fee !== "fee") payout.payoutAmount = received.toFixed();
    }
    return this.reportOf(payout);
  }

  /**
   * The service changes its final word: it pays a payout it had reported failed (fail, cancel,
   * system_fail), or reports failed one it had reported paid (the transfer bounced).
   */
  flip(orderId: string): ServiceReport {
    this.flipped.add(orderId);
    return this.settle(orderId, this.held(orderId).status === "paid" ? "fail" : "paid");
  }

  private held(orderId: string): ServicePayout {
    const payout = this.payouts.get(orderId);
    if (!payout) throw new Error(`the fake service holds no payout ${orderId}`);
    return payout;
  }

  reportOf(payout: ServicePayout): ServiceReport {
    return {
      orderId: payout.orderId,
      status: payout.status,
      serviceId: payout.id,
      amount: payout.amount,
      txid: payout.status === "paid" ? `tx_${payout.id}` : null,
      fee: payout.fee,
      payoutAmount: payout.payoutAmount,
    };
  }

  getInvoice(): never {
    throw new Error("FakePayoutService holds payouts only");
  }

  createInvoice(): never {
    throw new Error("FakePayoutService holds payouts only");
  }

  checkConnection(): never {
    throw new Error("FakePayoutService holds payouts only");
  }
}
