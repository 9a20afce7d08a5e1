import { openDatabase } from "@/lib/db/client";
import { findLedgerDifferences } from "@/lib/ledger/check";
import { repairLedger } from "@/lib/ledger/repair";

/**
 * `npm run ledger:check`: recomputes every balance from the ledger's entries and compares it with
 * the state Paydesk shows. Exits 0 when they agree, 1 listing each difference. With `--repair`
 * it first appends the entries that bring the books in line with the state (after a rollback to
 * a release that wrote no ledger, say), each marked as a repair, then checks again.
 */
async function main(args: string[]) {
  const repair = args.includes("--repair");
  const handle = await openDatabase("as-is");
  try {
    if (repair) {
      const written = await repairLedger(handle.db);
      console.log(`Repaired: ${written.invoices} invoices and ${written.payouts} payouts brought in line.`);
    }
    const differences = await findLedgerDifferences(handle.db);
    for (const difference of differences) {
      const name = difference.orderId ? `${difference.orderId} (${difference.id})` : difference.id;
      console.log(`${difference.subject} ${name}: ${difference.what}`);
    }
    console.log(
      differences.length === 0
        ? "The ledger agrees with every invoice and payout."
        : `${differences.length} difference(s). Run with --repair to book what the state says.`,
    );
    process.exitCode = differences.length === 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}

export const run = (args: string[]) =>
  main(args).catch((error: unknown) => {
    console.error(`ledger:check: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  });
