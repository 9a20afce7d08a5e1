/** Webhook bodies are small JSON objects; anything this large is not one of them. */
export const MAX_WEBHOOK_BODY_BYTES = 512 * 1024;

export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; reason: "too-large" };

/**
 * Reads a request body's bytes, stopping as soon as it passes `limit` bytes, so an
 * oversized or endless body is never buffered whole. A Content-Length over the limit is refused
 * before reading anything.
 */
export async function readBodyWithLimit(request: Request, limit = MAX_WEBHOOK_BODY_BYTES): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, reason: "too-large" };
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: "too-large" };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}
