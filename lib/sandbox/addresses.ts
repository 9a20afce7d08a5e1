/**
 * Deterministic fake wallet addresses in each network's real format, and the format checks
 * used to validate payout addresses: TRON base58check (`T…`, 34 chars), EVM `0x` + 40 hex,
 * Bitcoin / Litecoin bech32 segwit v0 (`bc1q…` / `ltc1q…`) or legacy base58check.
 */
import { createHash } from "node:crypto";
import type { Network } from "./catalog";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest();
const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58Encode(bytes: Uint8Array): string {
  let n = BigInt("0x" + (Buffer.from(bytes).toString("hex") || "0"));
  let out = "";
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = "1" + out;
  }
  return out;
}

function base58Decode(s: string): Buffer | null {
  let n = 0n;
  for (const c of s) {
    const d = B58.indexOf(c);
    if (d < 0) return null;
    n = n * 58n + BigInt(d);
  }
  let hex = n.toString(16);
  if (hex.length % 2) hex = "0" + hex;
  const lead = s.match(/^1*/)?.[0].length ?? 0;
  return Buffer.concat([Buffer.alloc(lead), n === 0n ? Buffer.alloc(0) : Buffer.from(hex, "hex")]);
}

function base58check(payload: Uint8Array): string {
  const sum = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Buffer.concat([payload, sum]));
}

/** The version byte of a valid 25-byte base58check address, or null. */
function base58checkVersion(s: string): number | null {
  const raw = base58Decode(s);
  if (!raw || raw.length !== 25) return null;
  const payload = raw.subarray(0, 21);
  const sum = sha256(sha256(payload)).subarray(0, 4);
  return sum.equals(raw.subarray(21)) ? (payload[0] ?? null) : null;
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    GEN.forEach((g, i) => {
      if ((top >>> i) & 1) chk ^= g;
    });
  }
  return chk;
}

const hrpExpand = (hrp: string) => [
  ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];

function toWords(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

function segwitV0(hrp: string, program: Uint8Array): string {
  const data = [0, ...toWords(program)];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return hrp + "1" + [...data, ...checksum].map((d) => BECH32[d]).join("");
}

function isSegwit(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const s = address.toLowerCase();
  if (!s.startsWith(hrp + "1")) return false;
  const data = [...s.slice(hrp.length + 1)].map((c) => BECH32.indexOf(c));
  if (data.length < 7 || data.some((d) => d < 0)) return false;
  if (polymod([...hrpExpand(hrp), ...data]) !== 1) return false;
  // v0 with a 20-byte (P2WPKH) or 32-byte (P2WSH) program.
  const programWords = data.length - 7;
  return data[0] === 0 && (programWords === 32 || programWords === 52);
}

/** A stable fake address for (seed, network), e.g. an invoice id. */
export function walletFor(seed: string, network: Network): string {
  const h = sha256(Buffer.from(`sandbox:${network}:${seed}`)).subarray(0, 20);
  switch (network) {
    case "TRON":
      return base58check(Buffer.concat([Buffer.from([0x41]), h]));
    case "ETH":
    case "BSC":
      return "0x" + h.toString("hex");
    case "BTC":
      return segwitV0("bc", h);
    case "LTC":
      return segwitV0("ltc", h);
  }
}

export function isValidAddress(address: string, network: Network): boolean {
  switch (network) {
    case "TRON":
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && base58checkVersion(address) === 0x41;
    case "ETH":
    case "BSC":
      return /^0x[0-9a-fA-F]{40}$/.test(address);
    case "BTC": {
      const v = /^[13]/.test(address) ? base58checkVersion(address) : null;
      return v === 0x00 || v === 0x05 || isSegwit(address, "bc");
    }
    case "LTC": {
      const v = /^[LM3]/.test(address) ? base58checkVersion(address) : null;
      return v === 0x30 || v === 0x32 || v === 0x05 || isSegwit(address, "ltc");
    }
  }
}
