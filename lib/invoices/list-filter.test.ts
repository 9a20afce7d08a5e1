import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "@/lib/db/keyset";
import { hasInvoiceFilter, parseInvoiceListParams, toInvoiceListQuery } from "./list-filter";

describe("invoice list URL params", () => {
  it("reads every filter", () => {
    const params = parseInvoiceListParams(
      new URLSearchParams(
        "status=underpaid&q=+ord-1+&dateFrom=2025-01-01&dateTo=2025-01-31&limit=100&cursor=abc",
      ),
    );
    expect(params).toEqual({
      status: "underpaid",
      q: "ord-1",
      dateFrom: "2025-01-01",
      dateTo: "2025-01-31",
      limit: 100,
      cursor: "abc",
      dir: undefined,
    });
  });

  it("reads the unresolved exceptions filter and writes it back", () => {
    const params = parseInvoiceListParams(new URLSearchParams("status=unresolved"));
    expect(params.status).toBe("unresolved");
    expect(toInvoiceListQuery(params)).toBe("status=unresolved");
  });

  it("falls back to defaults on bad values instead of failing", () => {
    expect(
      parseInvoiceListParams({
        status: "bogus",
        q: "   ",
        dateFrom: "2025-02-30",
        dateTo: "yesterday",
        limit: "1000000",
        dir: "sideways",
      }),
    ).toEqual({ limit: 25 });
    expect(parseInvoiceListParams({ limit: "abc", q: "x".repeat(500) })).toEqual({ limit: 25 });
    expect(parseInvoiceListParams({ status: "", limit: ["50", "100"] })).toEqual({ limit: 50 });
  });

  it("swaps a range typed backwards", () => {
    expect(parseInvoiceListParams({ dateFrom: "2025-03-01", dateTo: "2025-01-01" })).toMatchObject({
      dateFrom: "2025-01-01",
      dateTo: "2025-03-01",
    });
  });

  it("writes the same params back, leaving defaults out", () => {
    const query = toInvoiceListQuery({ status: "paid", q: "a b&c", limit: 25, cursor: "xyz", dir: "prev" });
    expect(query).toBe("status=paid&q=a+b%26c&cursor=xyz&dir=prev");
    expect(parseInvoiceListParams(new URLSearchParams(query))).toMatchObject({ status: "paid", q: "a b&c" });
    expect(hasInvoiceFilter({})).toBe(false);
    expect(hasInvoiceFilter({ q: "x" })).toBe(true);
  });
});

describe("keyset cursor", () => {
  it("round-trips microseconds", () => {
    const cursor = { createdAt: "2025-01-10T12:00:00.000001Z", id: "0b3e4f1c-1b2a-4c5d-8e9f-0a1b2c3d4e5f" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    undefined,
    "",
    "!!",
    Buffer.from("2025-01-10T12:00:00Z").toString("base64url"),
    Buffer.from("2025-01-10|0b3e4f1c-1b2a-4c5d-8e9f-0a1b2c3d4e5f").toString("base64url"),
    Buffer.from("2025-01-10T12:00:00Z|1; drop table invoices").toString("base64url"),
    Buffer.from("2025-13-45T12:00:00Z|0b3e4f1c-1b2a-4c5d-8e9f-0a1b2c3d4e5f").toString("base64url"),
  ])("rejects %j", (value) => {
    expect(decodeCursor(value)).toBeNull();
  });
});
