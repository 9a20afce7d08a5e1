import { afterEach } from "vitest";

/**
 * node-postgres queues a query sent on a client already running one, and warns once per process
 * (the queue goes in pg 9): it means `Promise.all` over one transaction's connection. On the
 * PostgreSQL leg, the test during which it happened fails, naming it.
 */
const QUEUED_QUERY = /already executing a query/;
let queued: string | null = null;

process.on("warning", (warning) => {
  if (QUEUED_QUERY.test(warning.message)) queued = warning.stack ?? warning.message;
});

afterEach(async () => {
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  if (queued === null) return;
  const found = queued;
  queued = null;
  throw new Error(
    `a query was sent while another ran on the same connection (Promise.all inside a transaction?):\n${found}`,
  );
});
