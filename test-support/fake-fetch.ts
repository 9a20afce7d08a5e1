// A scripted fetch for client tests: each call takes the next step and records what was sent.
import type { FetchLike } from "@/lib/service/http";

export type Step =
  | { status: number; body?: string; headers?: Record<string, string> }
  | { networkError: true }
  | { hang: true };

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export function fakeFetch(steps: Step[]): FetchLike & { sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fn = async (url: string, init: RequestInit): Promise<Response> => {
    sent.push({
      url,
      method: init.method ?? "GET",
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body as string | undefined,
    });
    const step = steps[Math.min(sent.length - 1, steps.length - 1)];
    if (!step) throw new Error("no step scripted");
    if ("networkError" in step) throw new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
    if ("hang" in step) {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    }
    return new Response(step.body ?? "", { status: step.status, headers: step.headers });
  };
  return Object.assign(fn, { sent });
}
