/**
 * Address formats of the networks whose format we know. A known network with a malformed address
 * is refused; an unknown network only gets a warning, since the service is the judge there.
 */
const FORMATS: Record<string, { pattern: RegExp; example: string }> = {
  TRON: { pattern: /^T[1-9A-HJ-NP-Za-km-z]{33}$/, example: "T followed by 33 letters and digits" },
  ETH: { pattern: /^0x[0-9a-fA-F]{40}$/, example: "0x followed by 40 hexadecimal digits" },
  BSC: { pattern: /^0x[0-9a-fA-F]{40}$/, example: "0x followed by 40 hexadecimal digits" },
  BTC: {
    pattern: /^(bc1[02-9ac-hj-np-z]{11,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    example: "bc1… or a legacy address starting with 1 or 3",
  },
  LTC: {
    pattern: /^(ltc1[02-9ac-hj-np-z]{11,87}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$/,
    example: "ltc1… or a legacy address starting with L, M or 3",
  },
};

export type AddressCheck =
  { status: "valid" } | { status: "invalid"; message: string } | { status: "unknown-network" };

export function checkAddress(network: string, address: string): AddressCheck {
  const format = FORMATS[network.toUpperCase()];
  if (!format) return { status: "unknown-network" };
  return format.pattern.test(address.trim())
    ? { status: "valid" }
    : { status: "invalid", message: `This is not a ${network} address (expected ${format.example}).` };
}
