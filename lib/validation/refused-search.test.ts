import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeText, refusedSearch } from "./text";

describe("a list's search given text that cannot be searched", () => {
  it("is not refused when absent or fine", () => {
    expect(refusedSearch({})).toBeUndefined();
    expect(refusedSearch({ q: "inv-42" })).toBeUndefined();
    expect(refusedSearch({ q: ["ok", "a\u0000b"] })).toBeUndefined();
  });

  it("is refused, handing back what was typed without the characters that cannot be searched", () => {
    expect(refusedSearch({ q: "inv\u0000-42" })).toBe("inv-42");
    expect(refusedSearch({ q: "a\uD800b" })).toBe("ab");
    expect(refusedSearch({ address: "\u0000" }, "address")).toBe("");
  });

  it("always hands back safe text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (typed) => {
        const shown = refusedSearch({ q: typed });
        expect(shown === undefined ? isSafeText(typed) : isSafeText(shown)).toBe(true);
      }),
    );
  });
});
