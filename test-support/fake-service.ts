// Test support for lib/webhooks and lib/jobs: a fake service that counts reads, seeded invoices,
// and signed webhook bodies. Not imported by application code.
import { invoices, users, type Invoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { NotFound, type ServiceClient } from "@/lib/service";
import { invoiceResponseSchema } from "@/lib/service/responses";
import { buildSignedBody } from "@/lib/service/signature";

export const TEST_INVOICE_KEY = "test-invoice-key";

type RawInvoice = Record<string, unknown>;

/** A service holding invoices as the wire would carry them; counts getInvoice per id. */
export class FakeService implements ServiceClient {
  readonly callBudgetMs = 10_000;
  readonly records = new Map<string, RawInvoice>();
  readonly reads = new Map<string, number>();
  /** Delay per read, so concurrent rounds really overlap. */
  delayMs = 0;

  set(id: string, record: RawInvoice) {
    this.records.set(id, { id, ...record });
  }

  totalReads(): number {
    return [...this.reads.values()].reduce((sum, count) => sum + count, 0);
  }

  async getInvoice(id: string) {
    this.reads.set(id, (this.reads.get(id) ?? 0) + 1);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const record = this.records.get(id);
    if (!record) throw new NotFound({ status: 404 });
    return invoiceResponseSchema.parse(record);
  }

  createInvoice(): never {
    throw new Error("FakeService.createInvoice is not used in these tests");
  }

  createWithdrawal(): never {
    throw new Error("FakeService.createWithdrawal is not used in these tests");
  }

  checkConnection(): never {
    throw new Error("FakeService.checkConnection is not used in these tests");
  }
}

/** An invoice the service has confirmed, open and due for a refresh unless overridden. */
export async function seedInvoice(
  db: Db,
  orderId: string,
  overrides: Partial<Invoice> = {},
): Promise<Invoice> {
  const [row] = await db
    .insert(invoices)
    .values({
      orderId,
      creationState: "created",
      request: { orderId, amount: "10", fiatCurrency: "USD" },
      amount: "10",
      fiatCurrency: "USD",
      serviceId: `svc_${orderId}`,
      serviceStatus: "pending",
      status: "open",
      nextRefreshAt: new Date(Date.now() - 1000),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("seedInvoice: nothing inserted");
  return row;
}

export async function seedUser(db: Db): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      email: `t${Date.now()}${Math.random()}@example.test`,
      name: "Test",
      role: "admin",
      passwordHash: "x",
    })
    .returning({ id: users.id });
  if (!row) throw new Error("seedUser: nothing inserted");
  return row.id;
}

/** A webhook body signed as the sandbox signs it (php form unless said otherwise). */
export function signedWebhook(
  payload: Record<string, unknown>,
  key = TEST_INVOICE_KEY,
  style: "php" | "plain" = "php",
) {
  return buildSignedBody(payload, key, style).body;
}
