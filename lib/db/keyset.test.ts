import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { invoices, withdrawals } from "@/lib/db/schema";
import { keysetOrder } from "./keyset";

const dialect = new PgDialect();
const render = (fragments: ReturnType<typeof keysetOrder>["newestFirst"]) =>
  fragments.map((fragment) => dialect.sqlToQuery(fragment).sql).join(", ");

describe("the keyset order every list shares", () => {
  // The keyset indexes are DESC NULLS LAST; an ORDER BY without the NULLS clause cannot use them.
  it.each([
    ["invoices", invoices],
    ["withdrawals", withdrawals],
  ] as const)("matches the %s indexes", (_name, table) => {
    const { newestFirst, oldestFirst } = keysetOrder({ createdAt: table.createdAt, id: table.id });
    expect(render(newestFirst)).toMatch(/"created_at" desc nulls last, .*"id" desc nulls last/);
    expect(render(oldestFirst)).toMatch(/"created_at" asc nulls first, .*"id" asc nulls first/);
  });
});
