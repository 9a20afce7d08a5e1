/**
 * Applies a merchant's injected faults around a /v1 call: latency first, then a 503 before any
 * work (error_rate), then the real work, then optionally a dropped connection after commit.
 * A dropped response has a body stream that errors at once; server.ts goes further and destroys
 * the socket before writing anything, so an HTTP client sees a network error, never a 2xx.
 */
import { fires, type FaultConfig } from "../faults";
import { json } from "./respond";

const dropped = new WeakSet<Response>();

export const isDroppedResponse = (res: Response) => dropped.has(res);

function dropResponse(original: Response): Response {
  const body = new ReadableStream({
    start(controller) {
      controller.error(new Error("connection dropped after commit (injected fault)"));
    },
  });
  const res = new Response(body, { status: original.status, headers: original.headers });
  dropped.add(res);
  return res;
}

/** `faults`: the merchant's, as authenticateWithFaults read them. */
export async function withFaults(faults: FaultConfig, work: () => Promise<Response>): Promise<Response> {
  if (faults.latency_ms > 0) await new Promise((r) => setTimeout(r, faults.latency_ms));
  if (fires(faults.error_rate))
    return json(
      503,
      { message: "Service temporarily unavailable (injected fault)." },
      { "retry-after": "1" },
    );
  const res = await work();
  return fires(faults.drop_after_commit_rate) ? dropResponse(res) : res;
}
