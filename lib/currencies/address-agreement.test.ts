import fc from "fast-check";
import { bech32, bech32m, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, concatBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { isValidAddress } from "@/lib/sandbox/addresses";
import type { Network } from "@/lib/sandbox/catalog";
import { checkAddress } from "./address-format";

// The app and the sandbox check payout addresses with code of their own (the sandbox imports
// nothing of the app): an address the form accepts must not be refused by the sandbox, nor the
// other way round.

const base58check = createBase58check(sha256);
const bytes = (min: number, max = min) => fc.uint8Array({ minLength: min, maxLength: max });

const legacy = (versions: number[]) =>
  fc
    .tuple(fc.constantFrom(...versions), bytes(20))
    .map(([version, hash]) => base58check.encode(concatBytes(Uint8Array.of(version), hash)));

const segwitProgram = fc.oneof(
  fc.tuple(fc.constant(0), fc.oneof(bytes(20), bytes(32))),
  fc.tuple(fc.integer({ min: 1, max: 16 }), bytes(2, 40)),
);
const segwit = (hrp: string) =>
  fc.tuple(segwitProgram, fc.boolean()).map(([[version, program], upper]) => {
    const coder = version === 0 ? bech32 : bech32m;
    const address = coder.encode(hrp, [version, ...coder.toWords(program)]);
    return upper ? address.toUpperCase() : address;
  });

function eip55(hex: string): string {
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  return [...hex].map((c, i) => (parseInt(hash[i] ?? "0", 16) >= 8 ? c.toUpperCase() : c)).join("");
}
const evm = fc.tuple(bytes(20), fc.constantFrom("lower", "upper", "eip55")).map(([hash, spelling]) => {
  const hex = bytesToHex(hash);
  return "0x" + (spelling === "lower" ? hex : spelling === "upper" ? hex.toUpperCase() : eip55(hex));
});

const VALID: Record<Network, fc.Arbitrary<string>> = {
  TRON: legacy([0x41]),
  ETH: evm,
  BSC: evm,
  BTC: fc.oneof(legacy([0x00, 0x05]), segwit("bc")),
  LTC: fc.oneof(legacy([0x30, 0x32, 0x05]), segwit("ltc")),
};

/** Checksums that hold over content that is wrong: another version byte, program or encoding. */
const CHECKSUMMED_NONSENSE = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 255 }), bytes(19, 21))
    .map(([version, hash]) => base58check.encode(concatBytes(Uint8Array.of(version), hash))),
  fc
    .tuple(
      fc.constantFrom("bc", "ltc", "tb"),
      fc.integer({ min: 0, max: 31 }),
      bytes(0, 45),
      fc.constantFrom(bech32, bech32m),
    )
    .map(([hrp, version, program, coder]) => coder.encode(hrp, [version, ...coder.toWords(program)])),
);

const ALPHABET = [
  ..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", // base58
  ..."0OIl", // outside base58, inside hex or bech32
  " ",
  "é",
];
const mutation = (address: string) =>
  fc.oneof(
    fc
      .tuple(fc.nat({ max: address.length - 1 }), fc.constantFrom(...ALPHABET))
      .map(([at, c]) => address.slice(0, at) + c + address.slice(at + 1)),
    fc.nat({ max: address.length - 1 }).map((at) => {
      const c = address.charAt(at);
      const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
      return address.slice(0, at) + flipped + address.slice(at + 1);
    }),
    fc.nat({ max: address.length - 1 }).map((at) => address.slice(0, at) + address.slice(at + 1)),
  );

const NETWORKS = Object.keys(VALID) as Network[];
const appSays = (network: Network, address: string) => checkAddress(network, address).status === "valid";

describe("the app and the sandbox agree on payout addresses", () => {
  it.each(NETWORKS)("both accept every valid %s address", (network) => {
    fc.assert(
      fc.property(VALID[network], (address) => {
        expect(appSays(network, address)).toBe(true);
        expect(isValidAddress(address, network)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it.each(NETWORKS)("both give the same verdict on one-character changes of a %s address", (network) => {
    const candidates = fc.oneof(VALID[network], CHECKSUMMED_NONSENSE).chain(mutation);
    fc.assert(
      fc.property(candidates, (address) => {
        expect(appSays(network, address)).toBe(isValidAddress(address, network));
      }),
      { numRuns: 1000 },
    );
  });

  it.each(NETWORKS)(
    "both give the same verdict on checksummed addresses of the wrong kind (%s)",
    (network) => {
      fc.assert(
        fc.property(fc.oneof(CHECKSUMMED_NONSENSE, ...NETWORKS.map((n) => VALID[n])), (address) => {
          expect(appSays(network, address)).toBe(isValidAddress(address, network));
        }),
        { numRuns: 1000 },
      );
    },
  );

  it.each(["TRON", "BTC", "LTC"] as const)(
    "every one-character change of a %s address is refused",
    (network) => {
      const changed = VALID[network].chain((address) =>
        mutation(address).filter((mutated) => mutated !== address),
      );
      fc.assert(
        fc.property(changed, (mutated) => {
          expect(appSays(network, mutated)).toBe(false);
        }),
        { numRuns: 500 },
      );
    },
  );

  it("flipping the case of one letter of an EIP-55 address is refused", () => {
    const flipped = bytes(20)
      .map((hash) => "0x" + eip55(bytesToHex(hash)))
      .filter((address) => /[a-fA-F]/.test(address.slice(2)))
      .chain((address) =>
        fc
          .constantFrom(...[...address].flatMap((c, at) => (at > 1 && /[a-fA-F]/.test(c) ? [at] : [])))
          .map((at) => {
            const c = address.charAt(at);
            const other = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
            return address.slice(0, at) + other + address.slice(at + 1);
          }),
      );
    fc.assert(
      fc.property(flipped, (address) => {
        // A flip that leaves the rest mixed case: one case throughout carries no checksum.
        fc.pre(
          address.slice(2) !== address.slice(2).toLowerCase() &&
            address.slice(2) !== address.slice(2).toUpperCase(),
        );
        expect(appSays("ETH", address)).toBe(false);
        expect(isValidAddress(address, "ETH")).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
