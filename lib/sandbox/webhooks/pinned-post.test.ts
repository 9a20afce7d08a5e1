import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postToAddress } from "./pinned-post";

let port: number;
const received: { host: string | undefined; body: string }[] = [];
const server = createServer((request: IncomingMessage, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  request.on("end", () => {
    received.push({ host: request.headers.host, body });
    response.writeHead(202).end("a reply nobody reads");
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("posting a webhook to a checked address", () => {
  it("connects to the given address, whatever the name would resolve to, keeping the name as Host", async () => {
    // "pinned.invalid" resolves nowhere: the request can only arrive through the pinned address.
    const status = await postToAddress({
      url: `http://pinned.invalid:${port}/hook`,
      address: "127.0.0.1",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
      signal: AbortSignal.timeout(5_000),
    });
    expect(status).toBe(202);
    expect(received).toEqual([{ host: `pinned.invalid:${port}`, body: '{"a":1}' }]);
  });

  it("gives up when the signal aborts", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const post = postToAddress({
        url: `http://slow.invalid:${(silent.address() as AddressInfo).port}/hook`,
        address: "127.0.0.1",
        headers: {},
        body: "{}",
        signal: AbortSignal.timeout(200),
      });
      await expect(post).rejects.toMatchObject({ name: "AbortError" });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
