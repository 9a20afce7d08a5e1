/**
 * `node --conditions=react-server --import tsx bench/webhooks.run.ts [invoices] [steady seconds]
 * [warm-up]`: the webhook figures alone, on PGlite (and on PostgreSQL when TEST_DATABASE_URL names
 * a server). BENCH_KINDS=PostgreSQL (or PGlite) runs one of them.
 */
import { printFigures } from "./report";
import { benchWebhooks, webhookFigures } from "./webhooks/webhook-bench";

const invoices = Number(process.argv[2] ?? 2_000);
const steadySeconds = Number(process.argv[3] ?? 60);
const warmUp = Number(process.argv[4] ?? 1_000);
const port = Number(process.env.BENCH_PORT ?? 34200);
const kinds = process.env.TEST_DATABASE_URL ? (["PGlite", "PostgreSQL"] as const) : (["PGlite"] as const);
for (const kind of kinds.filter((k) => !process.env.BENCH_KINDS || process.env.BENCH_KINDS.includes(k))) {
  const result = await benchWebhooks({ kind, invoices, port, steadySeconds, warmUp });
  console.log(JSON.stringify(result, null, 2));
  printFigures(webhookFigures(result));
}
process.exit(0);
