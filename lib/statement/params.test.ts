import { describe, expect, it } from "vitest";
import { bucketPlan } from "./bucket-plan";
import { decodeLineCursor, encodeLineCursor } from "./line-cursor";
import { parseStatementParams } from "./params";
import { rangeInZone } from "./range-in-zone";
import { periodOfMonth } from "./period";

const TODAY = "2026-11-28";
const parse = (query: string) => parseStatementParams(new URLSearchParams(query), TODAY);

describe("the statement's query string", () => {
  it("defaults to the last full month, and takes a month or a range of days (swapped if backwards)", () => {
    expect(parse("")).toMatchObject({
      ok: true,
      params: { period: { from: "2026-10-01", to: "2026-10-31", month: "2026-10" } },
    });
    expect(parseStatementParams({}, "2026-01-15")).toMatchObject({
      ok: true,
      params: { period: { from: "2025-12-01", to: "2025-12-31" } },
    });
    expect(parse("month=2024-02")).toMatchObject({
      ok: true,
      params: { period: { from: "2024-02-01", to: "2024-02-29" } },
    });
    expect(parse("from=2026-10-15&to=2026-10-07")).toMatchObject({
      ok: true,
      params: { period: { from: "2026-10-07", to: "2026-10-15" } },
    });
  });

  it("keeps an empty network (a coin with none) apart from no network filter", () => {
    expect(parse("currency=USDT&network=")).toMatchObject({
      ok: true,
      params: { filter: { currency: "USDT", network: "" } },
    });
    expect(parse("currency=USDT")).toMatchObject({ ok: true, params: { filter: { network: undefined } } });
  });

  it("refuses bad input on its field, with the reason", () => {
    expect(parse("month=2026-13")).toEqual({ ok: false, errors: { month: "Choose a month (YYYY-MM)." } });
    expect(parse("from=2026-02-30&to=2026-03-01")).toEqual({
      ok: false,
      errors: { from: "Choose a date that exists (YYYY-MM-DD)." },
    });
    expect(parse(`from=${"2".repeat(5000)}&to=2026-03-01`)).toMatchObject({
      ok: false,
      errors: { from: expect.any(String) },
    });
    expect(parse("month=2026-10&from=2026-10-01&to=2026-10-02")).toEqual({
      ok: false,
      errors: { month: "Choose a month or a range of days, not both." },
    });
    expect(parse("from=2026-10-01")).toEqual({ ok: false, errors: { to: "Choose the last day too." } });
    expect(parse(`currency=${"U".repeat(17)}`)).toEqual({
      ok: false,
      errors: { currency: "A coin is at most 16 characters." },
    });
    expect(parse("currency=%3DHYPERLINK")).toEqual({
      ok: false,
      errors: { currency: "A coin is letters and digits." },
    });
    expect(parse(`network=${"N".repeat(33)}`)).toEqual({
      ok: false,
      errors: { network: "A network is at most 32 characters." },
    });
    expect(parse("network=TR%00ON")).toMatchObject({
      ok: false,
      errors: { network: expect.stringMatching(/invisible control character/) },
    });
    expect(parse("figure=everything")).toEqual({
      ok: false,
      errors: { figure: "Choose one of the statement's figures." },
    });
    expect(parse("month=2026-10&month=2026-09")).toEqual({
      ok: false,
      errors: { month: "Give month once." },
    });
    expect(parse(`cursor=${"a".repeat(201)}`)).toMatchObject({
      ok: false,
      errors: { cursor: expect.any(String) },
    });
  });

  it("ignores parameters it does not know", () => {
    expect(parse("toString=1&utm_source=x")).toMatchObject({ ok: true });
  });
});

describe("a statement's range in the reader's zone", () => {
  it("runs from the first day's start to the start of the day after the last, through a clock change", () => {
    const october = rangeInZone(periodOfMonth("2026-10"), "Europe/Berlin");
    expect([october.start.toISOString(), october.end.toISOString()]).toEqual([
      "2026-09-30T22:00:00.000Z",
      "2026-10-31T23:00:00.000Z",
    ]);
    const kathmandu = rangeInZone(periodOfMonth("2026-10"), "Asia/Kathmandu");
    expect(kathmandu.start.toISOString()).toBe("2026-09-30T18:15:00.000Z");
  });
});

describe("which parts read the quarter-hour totals", () => {
  it("reads only totals when both ends are on a quarter hour, as every zone in use today has them", () => {
    const plan = bucketPlan(new Date("2026-09-30T18:15:00Z"), new Date("2026-10-31T18:15:00Z"));
    expect(plan.rangeBuckets?.map((at) => at.toISOString())).toEqual([
      "2026-09-30T18:15:00.000Z",
      "2026-10-31T18:15:00.000Z",
    ]);
    for (const [from, to] of [plan.openingEntries, ...plan.rangeEntries])
      expect(from.getTime()).toBe(to.getTime());
  });

  it("reads the entries of the partial quarter hours at either end", () => {
    const plan = bucketPlan(new Date("1936-12-31T23:40:28Z"), new Date("1937-01-31T23:40:28Z"));
    expect(plan.openingBucketsBefore.toISOString()).toBe("1936-12-31T23:30:00.000Z");
    expect(plan.openingEntries.map((at) => at.toISOString())).toEqual([
      "1936-12-31T23:30:00.000Z",
      "1936-12-31T23:40:28.000Z",
    ]);
    expect(plan.rangeEntries.map(([from, to]) => [from.toISOString(), to.toISOString()])).toEqual([
      ["1936-12-31T23:40:28.000Z", "1936-12-31T23:45:00.000Z"],
      ["1937-01-31T23:30:00.000Z", "1937-01-31T23:40:28.000Z"],
    ]);
  });

  it("reads only entries when the range is shorter than its quarter hours", () => {
    const plan = bucketPlan(new Date("2026-10-01T10:01:00Z"), new Date("2026-10-01T10:14:00Z"));
    expect(plan.rangeBuckets).toBeNull();
    expect(plan.rangeEntries).toHaveLength(1);
  });
});

describe("a page of lines' cursor", () => {
  it("round-trips with microseconds, and anything else is no cursor", () => {
    const cursor = { movedAt: "2026-10-31T22:59:59.123456Z", id: 123 };
    expect(decodeLineCursor(encodeLineCursor(cursor))).toEqual(cursor);
    expect(decodeLineCursor("not a cursor")).toBeNull();
    expect(decodeLineCursor(Buffer.from("2026-10-31T22:59:59Z|0").toString("base64url"))).toBeNull();
    expect(decodeLineCursor(Buffer.from("yesterday|12").toString("base64url"))).toBeNull();
  });
});
