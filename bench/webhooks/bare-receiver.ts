/**
 * The physical limit for the webhook benchmark: a bare node:http server doing the receiver's own
 * work (read the body, parse, verify the signature, store the event once: receiveWebhook) on the
 * same kind of database, without Next.js and without processing afterwards. Started as a child
 * process by webhook-bench.ts: PORT, and DATABASE_URL or PAYDESK_DATA_DIR, come from it.
 */
import { createServer } from "node:http";
import { closeDb, getDb } from "@/lib/db/client";
import { BENCH_SANDBOX_KEYS } from "../bench-users";
import { receiveWebhook } from "@/lib/webhooks/receive";

const db = await getDb();
const keys = { current: BENCH_SANDBOX_KEYS.invoiceKey };

const server = createServer((request, response) => {
  // As the Next.js route answers anything but POST (the load generator opens its connections so).
  if (request.method !== "POST") {
    response.writeHead(405).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    receiveWebhook(db, Buffer.concat(chunks).toString("utf8"), keys)
      .then((result) => {
        response.writeHead(result.status, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: result.message }));
      })
      .catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
process.once("SIGTERM", () => server.close(() => void closeDb().then(() => process.exit(0))));
