import { bech32, bech32m, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * Address formats of the networks whose format we know. A known network with a malformed address
 * is refused; an unknown network only gets a warning, since the service is the judge there.
 * The pattern says whether it is shaped like an address of the network; the checksum each format
 * carries then says whether it was copied right (base58check, bech32/bech32m, EIP-55 mixed case).
 * Runs in the browser as well as on the server: no node modules.
 */

/** `mistyped`: shaped right, checksum wrong. `malformed`: the checksum holds, the content does not. */
type Verdict = "valid" | "mistyped" | "malformed";

const base58check = createBase58check(sha256);

/** A 25-byte base58check address (a version byte and a 20-byte hash) of one of these versions. */
function verifyBase58check(address: string, versions: readonly number[]): Verdict {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return "mistyped";
  }
  return payload.length === 21 && versions.includes(payload[0] ?? -1) ? "valid" : "malformed";
}

/** BIP 173 / 350: witness v0 in bech32 with a 20- or 32-byte program, v1–16 in bech32m with 2–40 bytes. */
function verifySegwit(address: string, hrp: string): Verdict {
  const v0 = bech32.decodeUnsafe(address);
  const decoded = v0 ?? bech32m.decodeUnsafe(address);
  if (!decoded) return "mistyped";
  const [version, ...words] = decoded.words;
  const program = bech32.fromWordsUnsafe(words);
  if (decoded.prefix !== hrp || version === undefined || version > 16 || !program) return "malformed";
  const fits =
    version === 0
      ? v0 !== undefined && (program.length === 20 || program.length === 32)
      : v0 === undefined && program.length >= 2 && program.length <= 40;
  return fits ? "valid" : "malformed";
}

/** EIP-55: all one case carries no checksum; mixed case must be the checksummed spelling. */
function verifyEvm(address: string): Verdict {
  const hex = address.slice(2);
  const lower = hex.toLowerCase();
  if (hex === lower || hex === hex.toUpperCase()) return "valid";
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  const checksummed = [...lower].map((c, i) => (parseInt(hash[i] ?? "0", 16) >= 8 ? c.toUpperCase() : c));
  return checksummed.join("") === hex ? "valid" : "mistyped";
}

type Shape = { pattern: RegExp; verify: (address: string) => Verdict };
type Format = { shapes: Shape[]; example: string };

const base58Shape = (pattern: RegExp, versions: readonly number[]): Shape => ({
  pattern,
  verify: (address) => verifyBase58check(address, versions),
});
/** Bech32 is all lowercase or all uppercase. */
const segwitShape = (hrp: string): Shape => {
  const data = `1[02-9ac-hj-np-z]{11,${89 - hrp.length}}`;
  return {
    pattern: new RegExp(`^(${hrp}${data}|${hrp.toUpperCase()}${data.toUpperCase()})$`),
    verify: (address) => verifySegwit(address, hrp),
  };
};

const evm: Format = {
  shapes: [{ pattern: /^0x[0-9a-fA-F]{40}$/, verify: verifyEvm }],
  example: "0x followed by 40 hexadecimal digits",
};

const FORMATS: Record<string, Format> = {
  TRON: {
    shapes: [base58Shape(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, [0x41])],
    example: "T followed by 33 letters and digits",
  },
  ETH: evm,
  BSC: evm,
  BTC: {
    shapes: [segwitShape("bc"), base58Shape(/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/, [0x00, 0x05])],
    example: "bc1… or a legacy address starting with 1 or 3",
  },
  LTC: {
    shapes: [segwitShape("ltc"), base58Shape(/^[LM3][1-9A-HJ-NP-Za-km-z]{26,33}$/, [0x30, 0x32, 0x05])],
    example: "ltc1… or a legacy address starting with L, M or 3",
  },
};

/** The best verdict over the shapes it has (`LTC1…` may be either); a checksum that holds wins. */
function verify(format: Format, address: string): Verdict {
  const verdicts = format.shapes.filter((s) => s.pattern.test(address)).map((s) => s.verify(address));
  if (verdicts.includes("valid")) return "valid";
  return verdicts.includes("mistyped") && !verdicts.includes("malformed") ? "mistyped" : "malformed";
}

/**
 * Well-known burn addresses: valid by their checksum, but nobody holds their key, so what is sent
 * there is lost for good. Compared in lowercase (EVM addresses may be written in any case).
 */
const BURN_ADDRESSES: Record<string, readonly string[]> = {
  ETH: ["0x0000000000000000000000000000000000000000", "0x000000000000000000000000000000000000dead"],
  BSC: ["0x0000000000000000000000000000000000000000", "0x000000000000000000000000000000000000dead"],
  // The zero address (0x41 followed by twenty zero bytes), in base58check.
  TRON: ["t9yd14nj9j7xab4dbgeix9h8unkkhxuwwb"],
  BTC: ["1bitcoineateraddressdontsendf59kue"],
};

export type AddressCheck =
  { status: "valid" } | { status: "invalid"; message: string } | { status: "unknown-network" };

export function checkAddress(network: string, address: string): AddressCheck {
  const name = network.toUpperCase();
  const format = FORMATS[name];
  if (!format) return { status: "unknown-network" };
  const trimmed = address.trim();
  const verdict = verify(format, trimmed);
  if (verdict === "valid" && BURN_ADDRESSES[name]?.includes(trimmed.toLowerCase())) {
    return {
      status: "invalid",
      message:
        "This is a burn address: nobody can ever spend what is sent to it. Ask the recipient for their own address.",
    };
  }
  if (verdict === "valid") return { status: "valid" };
  return {
    status: "invalid",
    message:
      verdict === "mistyped"
        ? `This ${name} address looks mistyped: its checksum does not match. Copy it again from the recipient.`
        : `This is not a ${name} address (expected ${format.example}).`,
  };
}
