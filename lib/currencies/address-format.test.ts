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
    expect(verdict("LTC", "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfec")).toMatch(MISTYPED);
  });

  it("legacy Bitcoin and Litecoin addresses are base58check too", () => {
    expect(verdict("BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")).toBe("valid");
    expect(verdict("BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")).toBe("valid");
    expect(verdict("BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3")).toMatch(MISTYPED);
    expect(verdict("LTC", "MQMcJhpWHYVeQArcZR3sBgyPZxxRtnH441")).toBe("valid");
    expect(verdict("LTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")).toBe("valid");
    expect(verdict("LTC", "MQMcJhpWHYVeQArcZR3sBgyPZxxRtnH442")).toMatch(MISTYPED);
  });

  it("segwit v1+ is bech32m (taproot), and bech32 may be written in capitals", () => {
    const taproot = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0";
    expect(verdict("BTC", taproot)).toBe("valid");
    expect(verdict("BTC", taproot.replace(/0$/, "2"))).toMatch(MISTYPED);
    expect(verdict("BTC", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toBe("valid");
    expect(verdict("LTC", "LTC1QG42TKWUUXEFUTZXEZDKDEL39GFSTUAP288MFEA")).toBe("valid");
  });

  it("an address of another kind, whose checksum holds, is not an address of the network", () => {
    const notBtc = "This is not a BTC address (expected bc1… or a legacy address starting with 1 or 3).";
    // Witness v0 under a bech32m checksum, a 21-byte v0 program, v1 under a bech32 checksum.
    expect(verdict("BTC", "bc1qqurswpc8qurswpc8qurswpc8qurswpc8s4fapw")).toBe(notBtc);
    expect(verdict("BTC", "bc1qqurswpc8qurswpc8qurswpc8qurswpc8quy7q0fy")).toBe(notBtc);
    expect(verdict("BTC", "bc1pqurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurs9s7tj7")).toBe(notBtc);
    expect(verdict("BTC", "tb1qqurswpc8qurswpc8qurswpc8qurswpc800zzll")).toBe(notBtc);
    // A Bitcoin segwit address is not a Litecoin one; a TRON-shaped base58check of version 0x42.
    expect(verdict("LTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toMatch(
      /^This is not a LTC address/,
    );
    expect(verdict("TRON", "TZwy8nZDEjdqgwYW1vqvTkTZW7SEYfoe8d")).toMatch(/^This is not a TRON address/);
    expect(verdict("TRON", "TAcN9gFvXZAxsWQQzWWbydBmscBHnEi5nZ")).toBe("valid");
  });

  it("the wrong shape says what is expected; mixed-case bech32 is the wrong shape", () => {
    expect(verdict("TRON", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(
      "This is not a TRON address (expected T followed by 33 letters and digits).",
    );
    expect(verdict("ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe")).toMatch(/^This is not a ETH address/);
    expect(verdict("BTC", "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toMatch(
      /^This is not a BTC address/,
    );
  });

  it("surrounding spaces are ignored; a network we do not know is left to the service", () => {
    expect(verdict("TRON", "  TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t\n")).toBe("valid");
    expect(verdict("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("valid");
    expect(verdict("SOL", "anything")).toBe("unknown-network");
  });

  it("a burn address is refused whatever its spelling: nobody holds its key, so what is sent there is lost", () => {
    const burn = /^This is a burn address/;
    for (const network of ["ETH", "BSC"]) {
      expect(verdict(network, "0x0000000000000000000000000000000000000000")).toMatch(burn);
      expect(verdict(network, "0x000000000000000000000000000000000000dEaD")).toMatch(burn);
      expect(verdict(network, "0x000000000000000000000000000000000000dead")).toMatch(burn);
      expect(verdict(network, "0x000000000000000000000000000000000000DEAD")).toMatch(burn);
    }
    expect(verdict("TRON", "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb")).toMatch(burn);
    expect(verdict("TRON", " T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb ")).toMatch(burn);
    expect(verdict("BTC", "1BitcoinEaterAddressDontSendf59kuE")).toMatch(burn);
    expect(verdict("ETH", "0x0000000000000000000000000000000000000000")).toBe(
      "This is a burn address: nobody can ever spend what is sent to it. Ask the recipient for their own address.",
    );
    // An address next to one is an ordinary address.
    expect(verdict("ETH", "0x000000000000000000000000000000000000deae")).toBe("valid");
  });
});
