/**
 * A node:http server around the sandbox, backed by its own PGlite (in memory unless dataDir is
 * given). Used by `npm run sandbox` and by integration tests (`port: 0` for an ephemeral port).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { createSandbox, isDroppedResponse, type SandboxDb, type SandboxOptions } from "./index";
import { MAX_BODY_BYTES } from "./http/body";

export interface SandboxServerOptions extends Omit<SandboxOptions, "db"> {
  port?: number;
  host?: string;
  /** PGlite data directory; default in memory. Ignored when `db` is given. */
  dataDir?: string;
  /** Use this database instead of a private PGlite. */
  db?: SandboxDb;
}

export interface SandboxServer {
  /** The service base_url, e.g. http://127.0.0.1:4010/sandbox */
  url: string;
  origin: string;
  close(): Promise<void>;
}

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

export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? "127.0.0.1";
  let pglite: PGlite | null = null;
  let db = options.db;
  if (!db) {
    pglite = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
    db = drizzle(pglite);
  }
  const sandbox = createSandbox({ ...options, db });
  await sandbox.ready();

  const sockets = new Set<Socket>();
  let origin = "";
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const response = await sandbox.handle(await toRequest(req, origin));
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
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  sandbox.start();

  let closing: Promise<void> | null = null;
  return {
    origin,
    url: origin + "/" + (options.basePath ?? "/sandbox").replace(/^\/+|\/+$/g, ""),
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        for (const s of sockets) s.destroy();
        await closed;
        await sandbox.stop();
        await pglite?.close();
      })()),
  };
}
