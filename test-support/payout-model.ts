// Test support for the model-based test of payouts (lib/withdrawals/payouts.model.db.test.ts):
// what Paydesk has been told about each order id, by the service and by people, and the rules a
// payout's state must keep against it. Written independently of lib/withdrawals/service-status.ts
// so that a change there is checked, not copied. Not imported by application code.
import type { WithdrawalState } from "@/lib/db/schema";

const FAILED_FINALS = ["fail", "cancel", "system_fail"];

/** The service's statuses ranked: process < check < a final one (paid, fail, cancel, system_fail). */
function rank(status: string): number {
  if (status === "process") return 1;
  if (status === "check") return 2;
  return 3;
}

export type Word = "paid" | "failed" | "not final";

export function wordOf(status: string): Word {
  if (status === "paid") return "paid";
  return FAILED_FINALS.includes(status) ? "failed" : "not final";
}

/** Whether the service will never pay what it holds with this status (or holds nothing). */
export function willNeverPay(status: string | undefined): boolean {
  return status === undefined || FAILED_FINALS.includes(status);
}

/** States in which Paydesk has not sent the payout (or the service refused it). */
export const NEVER_SENT: readonly WithdrawalState[] = [
  "awaiting_approval",
  "approved",
  "rejected",
  "cancelled",
  "failed",
];

/** States from which Paydesk may still send the payout (with its order id, or after approval). */
export const MAY_STILL_SEND: readonly WithdrawalState[] = [
  "awaiting_approval",
  "approved",
  "submitting",
  "unknown",
  "needs_review",
  "failed",
];

export interface Heard {
  /** The highest-ranked status the service told Paydesk (reports delivered, creation answers). */
  status: string;
  /** The step at which it last was news. */
  at: number;
}

export interface Said {
  /** A person's word from the service's back office: nothing was (or will be) paid, or it was paid. */
  what: "nothing_sent" | "paid";
  at: number;
}

/** What Paydesk has been told about each order id, by the service and by people in finance. */
export class PaydeskKnowledge {
  private readonly heard = new Map<string, Heard>();
  private readonly said = new Map<string, Said>();
  /** Every final word the service told of each order id, and when: paid and failed when it changed its mind. */
  private readonly finals = new Map<string, { status: string; word: Word; at: number }[]>();

  /** The service told Paydesk `status` (a report, or a creation's answer) at `step`. */
  hear(orderId: string, status: string, step: number): void {
    const before = this.heard.get(orderId);
    if (!before || isNews(before.status, status)) this.heard.set(orderId, { status, at: step });
    if (rank(status) === 3) {
      this.finals.set(orderId, [
        ...(this.finals.get(orderId) ?? []),
        { status, word: wordOf(status), at: step },
      ]);
    }
  }

  /** The step at which Paydesk first heard the service say the other final word, or null. */
  private changedAt(orderId: string): number | null {
    const finals = this.finals.get(orderId) ?? [];
    return finals.find((each) => each.word !== finals[0]?.word)?.at ?? null;
  }

  /** Whether the service told Paydesk it paid the order id and also that it failed (in whichever order). */
  changedItsMind(orderId: string): boolean {
    return this.changedAt(orderId) !== null;
  }

  /**
   * Whether `stored` is the service's last word as Paydesk may keep it: its highest-ranked status
   * told. When final words disagree (the service changed its mind, or it said the opposite of what
   * a person recorded from the back office), any final status it told: reports arrive in any order,
   * Paydesk cannot tell which came last, and the report that contradicts the payout's state makes
   * it a conflict with that report's status.
   */
  isLastWord(orderId: string, stored: string | null): boolean {
    const heard = this.heard.get(orderId)?.status ?? null;
    if (stored === heard) return true;
    const finals = this.finals.get(orderId) ?? [];
    const said = this.said.get(orderId);
    const personGainsaid =
      said !== undefined && finals.some((each) => each.word !== (said.what === "paid" ? "paid" : "failed"));
    return (this.changedItsMind(orderId) || personGainsaid) && finals.some((each) => each.status === stored);
  }

  /** A person told Paydesk what the service's back office shows, at `step`. */
  tell(orderId: string, what: Said["what"], step: number): void {
    this.said.set(orderId, { what, at: step });
  }

  heardOf(orderId: string): Heard | undefined {
    return this.heard.get(orderId);
  }

  saidOf(orderId: string): Said | undefined {
    return this.said.get(orderId);
  }

  /**
   * Why a payout in `state` contradicts what Paydesk was told of it, or null when it does not.
   * See the rule in the test's header.
   */
  contradiction(orderId: string, state: WithdrawalState): string | null {
    if (state === "conflict" || state === "submitting") return null;
    const said = this.said.get(orderId);
    const changedAt = this.changedAt(orderId);
    if (changedAt !== null) {
      // A conflict, unless a person settled it from the back office (recorded it paid, or
      // confirmed nothing was sent) and no other word was heard after that.
      const settledAs = said ? (said.what === "paid" ? "paid" : "failed") : null;
      const gainsaid = (this.finals.get(orderId) ?? []).some(
        (each) => said !== undefined && each.at > said.at && each.word !== settledAs,
      );
      const settled =
        !gainsaid &&
        ((state === "paid" && settledAs === "paid") || (state === "closed" && settledAs === "failed"));
      return settled
        ? null
        : `${state}, but the service said it paid and that it failed (first at step ${changedAt}), and no person settled it after the last word`;
    }
    const heard = this.heard.get(orderId);
    const word = heard ? wordOf(heard.status) : null;
    const told = `the service's last word is ${heard ? `"${heard.status}"` : "none"}, a person's ${said ? said.what : "none"}`;
    if (word === "paid") return state === "paid" ? null : `${state}, but ${told}`;
    if (word === "failed") {
      // A person who saw it paid in the back office after the failure was news: paid after all.
      const paidAfterAll =
        state === "paid" && said?.what === "paid" && heard !== undefined && said.at >= heard.at;
      return state === "service_failed" || state === "closed" || paidAfterAll
        ? null
        : `${state}, but ${told}`;
    }
    if (state === "paid") return said?.what === "paid" ? null : `paid, but ${told}`;
    if (state === "service_failed") return `failed at the service, but ${told}`;
    if (!heard) return null;
    // The service said it still processes the payout.
    if (NEVER_SENT.includes(state)) return `never sent here (${state}), but ${told}`;
    if (state === "closed") {
      return said?.what === "nothing_sent" && said.at > heard.at
        ? null
        : `closed, but ${told} (and it was news after the closing)`;
    }
    return null;
  }
}

/** News: a higher rank, or another non-final status of the same rank; a final one is never replaced. */
function isNews(current: string, reported: string): boolean {
  if (rank(current) === 3) return false;
  return rank(reported) > rank(current) || (rank(reported) === rank(current) && reported !== current);
}
