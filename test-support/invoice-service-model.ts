// Test support for model-based tests: one invoice as the service holds it, evolving the way the
// service's does (payments arrive, it expires, payments arrive late), written out as the wire
// carries it for FakeService.set. Not imported by application code.
import Decimal from "decimal.js";

export class ServiceInvoiceModel {
  private readonly payments: { txid: string; amount: string }[] = [];
  private expiredAt: Date | null = null;
  private readonly createdAt = new Date();

  constructor(
    readonly serviceId: string,
    readonly orderId: string,
    readonly amount = "10",
  ) {}

  pay(amount: string): void {
    this.payments.push({ txid: `${this.serviceId}_tx${this.payments.length + 1}`, amount });
  }

  expire(): void {
    this.expiredAt ??= new Date();
  }

  get paid(): Decimal {
    return this.payments.reduce((sum, payment) => sum.plus(payment.amount), new Decimal(0));
  }

  get paymentCount(): number {
    return this.payments.length;
  }

  /**
   * The service's word for it. Only ever moves up: pending, wrong_amount_waiting while it is open;
   * at expiry cancel (nothing paid) or wrong_amount (too little); paid and paid_over whenever the
   * payments reach the amount, before expiry or after it.
   */
  get status(): string {
    const comparison = this.paid.comparedTo(this.amount);
    if (comparison > 0) return "paid_over";
    if (comparison === 0) return "paid";
    if (this.paid.isZero()) return this.expiredAt ? "cancel" : "pending";
    return this.expiredAt ? "wrong_amount" : "wrong_amount_waiting";
  }

  /** The invoice as GET /v1/invoices/{id} answers it now. */
  record(): Record<string, unknown> {
    const expiresAt = this.expiredAt ?? new Date(this.createdAt.getTime() + 3_600_000);
    return {
      id: this.serviceId,
      order_id: this.orderId,
      status: this.status,
      amount: this.amount,
      fiat_currency: "USD",
      crypto_amount: this.amount,
      currency: "USDT",
      network: "TRON",
      paid_crypto_amount: this.paid.toFixed(),
      paid_fiat_amount: this.paid.toFixed(),
      remaining_crypto_amount: Decimal.max(0, new Decimal(this.amount).minus(this.paid)).toFixed(),
      is_payment_multiple: true,
      created_at: this.createdAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      transactions: this.payments.map((payment) => ({ ...payment })),
    };
  }
}
