import { describe, expect, it } from "vitest";
import { checkAddress } from "./address-format";

const MISTYPED = /looks mistyped/;

function verdict(network: string, address: string): string {
  const check = checkAddress(network, address);
  return check.status === "invalid" ? check.message : check.status;
}

describe("a payout address is verified, not only shaped", () => {
  it("a TRON address with its last character changed fails its base58check checksum", () => {
    expect(verdict("TRON", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("valid");
    expect(verdict("TRON", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(
      "This TRON address looks mistyped: its checksum does not match. Copy it again from the recipient.",
    );
  });

  it("a mixed-case EVM address must match its EIP-55 checksum", () => {
    expect(verdict("ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("valid");
    // One letter's case flipped (the last `d`).
    expect(verdict("ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toMatch(MISTYPED);
    expect(verdict("BSC", "0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toMatch(MISTYPED);
    // All one case carries no checksum: accepted as it is.
    expect(verdict("ETH", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe("valid");
    expect(verdict("BSC", "0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED")).toBe("valid");
  });

  it("a bech32 address with one character changed fails its checksum", () => {
    expect(verdict("BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBe("valid");
    expect(verdict("BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toMatch(MISTYPED);
    expect(verdict("LTC", "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea")).toBe("valid");
    expect(verdict("LTC", "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfeb")).toMatch(MISTYPED);
  });
});
