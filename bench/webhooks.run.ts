/**
 * `node --conditions=react-server --import tsx bench/webhooks.run.ts [invoices]`: the webhook
 * figures alone, on PGlite (and on PostgreSQL when TEST_DATABASE_URL names a server).
 */
import { printFigures } from "./report";
import { benchWebhooks, webhookFigures } from "./webhooks/webhook-bench";

const invoices = Number(process.argv[2] ?? 2_000);
const port = Number(process.env.BENCH_PORT ?? 34200);
for (const kind of process.env.TEST_DATABASE_URL
  ? (["PGlite", "PostgreSQL"] as const)
  : (["PGlite"] as const)) {
  const result = await benchWebhooks({ kind, invoices, port });
  console.log(JSON.stringify(result, null, 2));
  printFigures(webhookFigures(result));
}
process.exit(0);
