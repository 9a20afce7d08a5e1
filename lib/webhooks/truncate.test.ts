import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncateUtf8 } from "./truncate";

describe("truncateUtf8", () => {
  it("keeps a prefix that fits in the byte limit and never splits a character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), fc.nat(400), (text, limit) => {
        const cut = truncateUtf8(text, limit);
        expect(Buffer.byteLength(cut, "utf8")).toBeLessThanOrEqual(limit);
        expect(text.startsWith(cut)).toBe(true);
        if (Buffer.byteLength(text, "utf8") <= limit) expect(cut).toBe(text);
        else expect(Buffer.byteLength(cut, "utf8")).toBeGreaterThan(limit - 4);
      }),
    );
  });

  it("cuts before a multi-byte character that would cross the limit", () => {
    expect(truncateUtf8("ab€", 4)).toBe("ab");
    expect(truncateUtf8("ab€", 5)).toBe("ab€");
  });
});
