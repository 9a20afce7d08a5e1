/**
 * The withdrawal benchmarks' world: Paydesk's database (the bench's PostgreSQL when
 * TEST_DATABASE_URL is set, else in-memory PGlite), the embedded sandbox over real HTTP with its
 * own in-memory PGlite, three users, and the sandbox control calls the benchmarks need.
 */
import { newFormToken } from "@/lib/order-id";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/server";
import { createServiceClient, type ServiceClient } from "@/lib/service";
import { createUser } from "@/lib/users/manage-users";
import type { ValidWithdrawalForm } from "@/lib/withdrawals/form-schema";

const KEYS = { invoiceKey: "bench-invoice-key", withdrawalKey: "bench-withdrawal-key" };
export const BENCH_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

export interface WithdrawalRig {
  testDb: TestDb;
  sandbox: SandboxServer;
  requester: string;
  approvers: [string, string];
  client: (timeoutMs?: number) => ServiceClient;
  control: (method: string, path: string, body?: object) => Promise<unknown>;
  close: () => Promise<void>;
}

export async function startWithdrawalRig(): Promise<WithdrawalRig> {
  const testDb = await createTestDb();
  const sandbox = await startSandboxServer({ port: 0, demoMerchant: KEYS });
  const make = (email: string, role: "support" | "finance") =>
    createUser(testDb.db, { email, name: email, role, password: "a-long-password-1" }).then(
      (user) => user.id,
    );
  const requester = await make("bench-support@example.com", "support");
  const approvers: [string, string] = [
    await make("bench-f1@example.com", "finance"),
    await make("bench-f2@example.com", "finance"),
  ];
  const control = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${sandbox.url}/control${path}`, {
      method,
      headers: { Authorization: `Bearer ${KEYS.invoiceKey}`, "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  return {
    testDb,
    sandbox,
    requester,
    approvers,
    client: (timeoutMs = 5_000) =>
      createServiceClient({ baseUrl: sandbox.url, ...KEYS, timeoutMs, retry: { attempts: 1 } }),
    control,
    close: async () => {
      await sandbox.close();
      await testDb.close();
    },
  };
}

/**
 * 1 USDT on TRON, fee (1 USDT) from the balance: each payout debits exactly 2 USDT. Each call is
 * a freshly opened form (its own token; the server makes the order id).
 */
export const benchForm = (): ValidWithdrawalForm => ({
  requestToken: newFormToken(),
  amountIn: "crypto",
  amount: "1",
  fiatAmount: "",
  fiatCurrency: "",
  currency: "USDT",
  network: "TRON",
  address: BENCH_ADDRESS,
  isSubtract: true,
  customerId: "",
  reason: "benchmark payout",
});
export const DEBIT_PER_PAYOUT_MICRO = 2_000_000n;

/** A USDT balance (decimal string, at most 6 decimals) in micro-units, without floats. */
export function toMicro(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0").slice(0, 6));
}

export async function usdtBalanceMicro(rig: WithdrawalRig): Promise<bigint> {
  const body = (await rig.control("GET", "/balances")) as {
    balances: { currency: string; amount: string }[];
  };
  return toMicro(body.balances.find((entry) => entry.currency === "USDT")?.amount ?? "0");
}
