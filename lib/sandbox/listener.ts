/** A sandbox served over node:http: the standalone server's, and the embedded sandbox's direct port. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { isDroppedResponse, type Sandbox } from "./index";
import { MAX_BODY_BYTES } from "./http/body";

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  let body: ArrayBuffer | undefined;
  if (req.method !== "GET" && req.method !== "HEAD") {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES + 1) break; // handle() answers 413 on the truncated body
      chunks.push(chunk);
    }
    const all = Buffer.concat(chunks);
    body = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
  }
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body });
}

async function writeResponse(res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(body);
}

export interface SandboxListener {
  /** Where the listener answers, e.g. http://127.0.0.1:4010 */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves a sandbox over node:http on host:port (0: an ephemeral port). With `requestOrigin`, each
 * request reaches the sandbox with that origin instead of the listener's own: a sandbox mounted in
 * another server and reached here directly builds its links (pay_url) as it would there.
 */
export async function listenForSandbox(
  sandbox: Sandbox,
  {
    host = "127.0.0.1",
    port = 0,
    requestOrigin,
    keepsProcessAlive = true,
  }: { host?: string; port?: number; requestOrigin?: string; keepsProcessAlive?: boolean },
): Promise<SandboxListener> {
  const sockets = new Set<Socket>();
  let origin = "";
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const response = await sandbox.handle(await toRequest(req, requestOrigin ?? origin));
        if (isDroppedResponse(response)) {
          req.socket.destroy();
          return;
        }
        await writeResponse(res, response);
      } catch (err) {
        console.error("[sandbox] server error:", err);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end('{"message":"Server Error"}');
      }
    })();
  });
  // Keep idle connections open longer than clients do (undici drops its idle sockets after 4 s),
  // so a client never reuses a socket at the moment the server closes it (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  if (!keepsProcessAlive) server.unref();
  const { port: bound } = server.address() as AddressInfo;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${bound}`;

  let closing: Promise<void> | null = null;
  return {
    origin,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        for (const s of sockets) s.destroy();
        await closed;
      })()),
  };
}
