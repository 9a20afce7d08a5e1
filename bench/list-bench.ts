import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/types";
import { invoices } from "@/lib/db/schema";
import { decodeCursor, encodeCursor } from "@/lib/db/keyset";
import { invoiceListColumns, listInvoices, type InvoiceListQuery } from "@/lib/invoices/list-invoices";
import { keysetCondition, newestFirst, whereClause } from "@/lib/invoices/list-query";
import { time, type Timing } from "./measure";
import { cursorAt, customersFor } from "./seed";

export type ListScenario =
  "first page" | "status=underpaid" | "search customer id" | "search order id" | "deep page (90%)";

/** The list's server time (listInvoices for a 25-row page) for each scenario on a seeded database. */
export async function listScenarios(db: Db, count: number): Promise<Record<ListScenario, InvoiceListQuery>> {
  const deep = encodeCursor(await cursorAt(db, Math.floor(count * 0.9)));
  return {
    "first page": { limit: 25 },
    "status=underpaid": { limit: 25, status: "underpaid" },
    "search customer id": { limit: 25, q: `cust-${(Math.floor(count / 2) * 31) % customersFor(count)}` },
    "search order id": { limit: 25, q: `ord-${Math.floor(count / 2)}` },
    "deep page (90%)": { limit: 25, cursor: deep },
  };
}

export async function benchList(db: Db, count: number): Promise<Record<ListScenario, Timing>> {
  const scenarios = await listScenarios(db, count);
  const results = {} as Record<ListScenario, Timing>;
  for (const [name, query] of Object.entries(scenarios) as [ListScenario, InvoiceListQuery][]) {
    const page = await listInvoices(db, query);
    if (page.rows.length === 0) throw new Error(`${name} found nothing: the bench would measure nothing`);
    results[name] = await time(() => listInvoices(db, query));
  }
  return results;
}

/** EXPLAIN ANALYZE of a list query (forward direction), built from the same pieces listInvoices uses. */
export async function explainList(db: Db, query: InvoiceListQuery): Promise<string> {
  const cursor = decodeCursor(query.cursor);
  const select = db
    .select(invoiceListColumns)
    .from(invoices)
    .where(whereClause(query, cursor ? keysetCondition(cursor, "older") : undefined))
    .orderBy(...newestFirst)
    .limit(query.limit + 1);
  const result: unknown = await db.execute(sql`explain (analyze, buffers, costs off) ${select}`);
  // Both drivers answer { rows: [{ "QUERY PLAN": … }] }; the shared Db type does not say so.
  const rows = (result as { rows?: { "QUERY PLAN"?: string }[] }).rows ?? [];
  return rows.map((row) => row["QUERY PLAN"] ?? "").join("\n");
}
