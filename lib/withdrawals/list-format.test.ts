import { describe, expect, it } from "vitest";
import { shortenAddress } from "./list-format";

describe("shortenAddress", () => {
  it("keeps both ends of a long address and leaves a short one alone", () => {
    expect(shortenAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("TR7NHqje…gjLj6t");
    expect(shortenAddress("bc1qshort")).toBe("bc1qshort");
  });
});
