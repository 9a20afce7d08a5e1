import Bowser from "bowser";

/** "Chrome 156 on Linux": a session's browser in words, from its user agent. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ");
  if (!name) return "Unknown browser";
  return os.name ? `${name} on ${os.name}` : name;
}
