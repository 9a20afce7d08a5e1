import "server-only";

// "Service connection" check: does the service answer, and does it accept each key — without
// creating anything. Invoice key: GET an invoice id that cannot exist (404 = key accepted, 401 =
// rejected). Withdrawal key: POST an empty, unsigned body (422 = accepted and nothing created, 401 =
// rejected). A 404 from both probes means the base URL points somewhere that is not the service.
// The report never contains a key.
import { Unavailable } from "./errors";
import { sendOnce, type FetchLike, type HttpRequest } from "./http";
import type { HttpAnswer } from "./response-errors";

export type KeyVerdict = "accepted" | "rejected" | "unknown";

export interface ConnectionReport {
  reachable: boolean;
  baseUrl: string;
  invoiceKey: KeyVerdict;
  withdrawalKey: KeyVerdict;
  /** Time of the slower probe; null when nothing answered. */
  latencyMs: number | null;
  message: string;
}

interface Probe {
  answer?: HttpAnswer;
  error?: Unavailable;
  ms: number;
}

async function probe(fetchImpl: FetchLike, request: HttpRequest, timeoutMs: number): Promise<Probe> {
  const started = performance.now();
  try {
    const answer = await sendOnce(fetchImpl, request, timeoutMs);
    return { answer, ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (!(error instanceof Unavailable)) throw error;
    return { error, ms: Math.round(performance.now() - started) };
  }
}

function verdict(p: Probe, acceptedStatuses: number[]): KeyVerdict {
  const status = p.answer?.status;
  if (status === undefined) return "unknown";
  if (status === 401 || status === 403) return "rejected";
  if (acceptedStatuses.includes(status) || (status >= 200 && status < 300)) return "accepted";
  return "unknown";
}

/** The base URL without credentials, query or fragment, safe to show. */
export function displayUrl(base: string): string {
  try {
    const url = new URL(base);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  } catch {
    return "(not a valid URL)";
  }
}

const KEY_WORDS: Record<KeyVerdict, string> = {
  accepted: "accepted",
  rejected: "rejected",
  unknown: "could not be checked",
};

export async function checkConnection(options: {
  base: string;
  invoiceKey: string;
  withdrawalKey: string;
  fetchImpl: FetchLike;
  timeoutMs: number;
}): Promise<ConnectionReport> {
  const { base, fetchImpl, timeoutMs } = options;
  const baseUrl = displayUrl(base);
  const [inv, wd] = await Promise.all([
    probe(
      fetchImpl,
      {
        method: "GET",
        url: `${base}/v1/invoices/paydesk-connection-check-${crypto.randomUUID()}`,
        headers: { Accept: "application/json", Authorization: `Bearer ${options.invoiceKey}` },
      },
      timeoutMs,
    ),
    probe(
      fetchImpl,
      {
        method: "POST",
        url: `${base}/v1/withdrawals`,
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          Authorization: `Bearer ${options.withdrawalKey}`,
        },
        body: "{}",
      },
      timeoutMs,
    ),
  ]);

  const answered = [inv, wd].filter((p) => p.answer !== undefined);
  const latencyMs = answered.length ? Math.max(...answered.map((p) => p.ms)) : null;
  const base5xx = answered.find((p) => (p.answer?.status ?? 0) >= 500)?.answer?.status;
  const reachable = answered.some((p) => (p.answer?.status ?? 500) < 500);
  const report = (invoiceKey: KeyVerdict, withdrawalKey: KeyVerdict, message: string): ConnectionReport => ({
    reachable,
    baseUrl,
    invoiceKey,
    withdrawalKey,
    latencyMs,
    message,
  });

  if (answered.length === 0) {
    const timedOut = [inv, wd].some((p) => p.error?.reason === "timeout");
    return report(
      "unknown",
      "unknown",
      timedOut
        ? `The payment service at ${baseUrl} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`
        : `The payment service at ${baseUrl} could not be reached. Check the address and the network.`,
    );
  }
  if (inv.answer?.status === 404 && wd.answer?.status === 404) {
    return report(
      "unknown",
      "unknown",
      `${baseUrl} answers, but not like the payment service (nothing found at /v1). Check the base URL.`,
    );
  }
  if (!reachable) {
    return report(
      "unknown",
      "unknown",
      `The payment service at ${baseUrl} answers with an internal error (HTTP ${base5xx}). Try again later.`,
    );
  }

  const invoiceKey = verdict(inv, [404, 400, 422]);
  const withdrawalKey = verdict(wd, [400, 422]);
  const message =
    invoiceKey === "accepted" && withdrawalKey === "accepted"
      ? "Connected. The payment service accepted both keys."
      : `The payment service answers. Invoice key: ${KEY_WORDS[invoiceKey]}. Withdrawal key: ${KEY_WORDS[withdrawalKey]}.`;
  return report(invoiceKey, withdrawalKey, message);
}
