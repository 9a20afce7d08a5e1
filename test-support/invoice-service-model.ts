// Test support for model-based tests: one invoice as the service holds it, evolving the way the
// service's does (payments arrive, it expires, payments arrive late), written out as the wire
// carries it for FakeService.set. Not imported by application code.
import Decimal from "decimal.js";

export interface InvoiceTerms {
  /** What the customer is asked to pay, in the coin. */
  cryptoAmount: string;
  /** The same in USD, the invoice's own price. */
  fiatAmount: string;
  currency: string;
  network: string;
  /**
   * A service that keeps "cancel" for an invoice that expired with nothing paid, whatever arrives
   * after (the sandbox's says wrong_amount or paid instead): its late payments are "expired with
   * a payment" here.
   */
  keepsCancelAfterExpiry: boolean;
}

const USDT_TERMS: InvoiceTerms = {
  cryptoAmount: "10",
  fiatAmount: "10",
  currency: "USDT",
  network: "TRON",
  keepsCancelAfterExpiry: false,
};

export class ServiceInvoiceModel {
  private readonly payments: { txid: string; amount: string }[] = [];
  private expiredAt: Date | null = null;
  private paidBeforeExpiry = false;
  private readonly createdAt = new Date();
  readonly terms: InvoiceTerms;

  constructor(
    readonly serviceId: string,
    readonly orderId: string,
    terms: Partial<InvoiceTerms> = {},
  ) {
    this.terms = { ...USDT_TERMS, ...terms };
  }

  get amount(): string {
    return this.terms.cryptoAmount;
  }

  pay(amount: string): void {
    this.payments.push({ txid: `${this.serviceId}_tx${this.payments.length + 1}`, amount });
  }

  expire(): void {
    if (this.expiredAt) return;
    this.expiredAt = new Date();
    this.paidBeforeExpiry = this.payments.length > 0;
  }

  get paid(): Decimal {
    return this.payments.reduce((sum, payment) => sum.plus(payment.amount), new Decimal(0));
  }

  /** What is still missing of the amount asked (zero once it is reached). */
  get missing(): Decimal {
    return Decimal.max(new Decimal(this.amount).minus(this.paid), 0);
  }

  get paymentCount(): number {
    return this.payments.length;
  }

  /**
   * The service's word for it. Only ever moves up: pending, wrong_amount_waiting while it is open;
   * at expiry cancel (nothing paid) or wrong_amount (too little); paid and paid_over whenever the
   * payments reach the amount, before expiry or after it (unless the service keeps "cancel").
   */
  get status(): string {
    if (this.expiredAt && !this.paidBeforeExpiry && this.terms.keepsCancelAfterExpiry) return "cancel";
    const comparison = this.paid.comparedTo(this.amount);
    if (comparison > 0) return "paid_over";
    if (comparison === 0) return "paid";
    if (this.paid.isZero()) return this.expiredAt ? "cancel" : "pending";
    return this.expiredAt ? "wrong_amount" : "wrong_amount_waiting";
  }

  /** The invoice as GET /v1/invoices/{id} answers it now. */
  record(): Record<string, unknown> {
    const expiresAt = this.expiredAt ?? new Date(this.createdAt.getTime() + 3_600_000);
    const rate = new Decimal(this.terms.fiatAmount).dividedBy(this.amount);
    return {
      id: this.serviceId,
      order_id: this.orderId,
      status: this.status,
      amount: this.terms.fiatAmount,
      fiat_currency: "USD",
      crypto_amount: this.amount,
      currency: this.terms.currency,
      network: this.terms.network,
      paid_crypto_amount: this.paid.toFixed(),
      paid_fiat_amount: this.paid.times(rate).toFixed(2, Decimal.ROUND_DOWN),
      remaining_crypto_amount: this.missing.toFixed(),
      is_payment_multiple: true,
      created_at: this.createdAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      transactions: this.payments.map((payment) => ({ ...payment })),
    };
  }
}
