import type { z } from "zod";
import { isSafeJson } from "@/lib/validation/text";

export type JsonBody<T> = { ok: true; value: T } | { ok: false; status: 400 | 411 | 413; message: string };

/**
 * A small JSON request body, parsed with a schema: refused unread when its declared length is over
 * `limit` (or stopped once it passes it), refused when it is not JSON, holds unsafe text, or does
 * not match. An empty body is `{}`.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  limit = 16 * 1024,
): Promise<JsonBody<z.output<S>>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit)
    return { ok: false, status: 413, message: "Request body too large." };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    size += next.value.byteLength;
    if (size > limit) {
      await reader?.cancel().catch(() => {});
      return { ok: false, status: 413, message: "Request body too large." };
    }
    chunks.push(next.value);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    return { ok: false, status: 400, message: "The request body is not JSON." };
  }
  if (!isSafeJson(json)) return { ok: false, status: 400, message: "The request holds unsafe text." };
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, status: 400, message: "The request is malformed." };
  return { ok: true, value: parsed.data };
}
