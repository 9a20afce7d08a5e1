/**
 * Deterministic fake wallet addresses in each network's real format, and the checks used to
 * validate payout addresses: TRON base58check (`T…`, 34 chars, version 0x41); EVM `0x` + 40 hex,
 * EIP-55 when mixed case; Bitcoin / Litecoin segwit (bech32 v0 with a 20- or 32-byte program,
 * bech32m v1–16 with 2–40 bytes, hrp `bc` / `ltc`) or legacy base58check.
 */
import { bech32, bech32m, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, concatBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Network } from "./catalog";

const base58check = createBase58check(sha256);

/** A stable fake address for (seed, network), e.g. an invoice id. */
export function walletFor(seed: string, network: Network): string {
  const h = sha256(utf8ToBytes(`sandbox:${network}:${seed}`)).subarray(0, 20);
  switch (network) {
    case "TRON":
      return base58check.encode(concatBytes(Uint8Array.of(0x41), h));
    case "ETH":
    case "BSC":
      return "0x" + bytesToHex(h);
    case "BTC":
      return bech32.encode("bc", [0, ...bech32.toWords(h)]);
    case "LTC":
      return bech32.encode("ltc", [0, ...bech32.toWords(h)]);
  }
}

/** The version byte of a 25-byte base58check address whose checksum holds, or null. */
function base58checkVersion(address: string): number | null {
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 ? (payload[0] ?? null) : null;
  } catch {
    return null;
  }
}

function isSegwit(address: string, hrp: string): boolean {
  const v0 = bech32.decodeUnsafe(address);
  const decoded = v0 ?? bech32m.decodeUnsafe(address);
  if (!decoded || decoded.prefix !== hrp) return false;
  const [version, ...words] = decoded.words;
  const program = bech32.fromWordsUnsafe(words);
  if (version === undefined || !program) return false;
  if (version === 0) return v0 !== undefined && (program.length === 20 || program.length === 32);
  return version <= 16 && v0 === undefined && program.length >= 2 && program.length <= 40;
}

/** EIP-55: all one case carries no checksum; mixed case must be the checksummed spelling. */
function isEvm(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  const lower = hex.toLowerCase();
  if (hex === lower || hex === hex.toUpperCase()) return true;
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  return [...lower].every((c, i) => (parseInt(hash[i] ?? "0", 16) >= 8 ? c.toUpperCase() : c) === hex[i]);
}

export function isValidAddress(address: string, network: Network): boolean {
  switch (network) {
    case "TRON":
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && base58checkVersion(address) === 0x41;
    case "ETH":
    case "BSC":
      return isEvm(address);
    case "BTC": {
      const v = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address) ? base58checkVersion(address) : null;
      return v === 0x00 || v === 0x05 || isSegwit(address, "bc");
    }
    case "LTC": {
      const v = /^[LM3][1-9A-HJ-NP-Za-km-z]{26,33}$/.test(address) ? base58checkVersion(address) : null;
      return v === 0x30 || v === 0x32 || v === 0x05 || isSegwit(address, "ltc");
    }
  }
}
