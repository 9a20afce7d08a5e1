/** "TR7NHqje…Lj6t": enough of both ends to recognise an address; the full one goes in a title. */
export function shortenAddress(address: string, head = 8, tail = 6): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}
