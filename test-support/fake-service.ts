// Test support for lib/webhooks and lib/jobs: a fake service that counts reads, seeded invoices,
// and signed webhook bodies. Not imported by application code.
import { invoices, users, type Invoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { NotFound, type ServiceClient } from "@/lib/service";
import { invoiceResponseSchema } from "@/lib/service/responses";
import { buildSignedBody } from "@/lib/service/signature";

export const TEST_INVOICE_KEY = "test-invoice-key";

type RawInvoice = Record<string, unknown>;

/** A held read (holdNextAnswer): `asked` once the service has read the record, `release` sends the answer. */
export interface HeldAnswer {
  asked: Promise<void>;
  release(): void;
}

/**
 * A service holding invoices as the wire would carry them; counts getInvoice per id. Each read
 * answers with the record as it was when asked, however late the answer arrives.
 */
export class FakeService implements ServiceClient {
  readonly records = new Map<string, RawInvoice>();
  readonly reads = new Map<string, number>();
  /** Delay per read, so concurrent rounds really overlap. */
  delayMs = 0;
  /** Awaited between reading the record and answering (a test's scheduler decides when). */
  beforeAnswer: ((id: string, record: RawInvoice | undefined) => Promise<unknown>) | null = null;
  private readonly held: { asked: () => void; released: Promise<void> }[] = [];

  /** The longest one call may take, retries included; a test may set a long one. */
  constructor(readonly callBudgetMs = 10_000) {}

  set(id: string, record: RawInvoice) {
    this.records.set(id, { id, ...record });
  }

  totalReads(): number {
    return [...this.reads.values()].reduce((sum, count) => sum + count, 0);
  }

  /** The next read takes the record at once and answers only when released. */
  holdNextAnswer(): HeldAnswer {
    let asked!: () => void;
    let release!: () => void;
    const askedPromise = new Promise<void>((resolve) => (asked = resolve));
    this.held.push({ asked, released: new Promise<void>((resolve) => (release = resolve)) });
    return { asked: askedPromise, release };
  }

  async getInvoice(id: string) {
    this.reads.set(id, (this.reads.get(id) ?? 0) + 1);
    // set() replaces the whole record, so this reference is the record as it is now.
    const record = this.records.get(id);
    const hold = this.held.shift();
    if (hold) {
      hold.asked();
      await hold.released;
    }
    if (this.beforeAnswer) await this.beforeAnswer(id, record);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
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
