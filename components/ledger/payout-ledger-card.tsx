"use client";

import { useDisplay } from "@/components/display/display-provider";
import { Card } from "@/components/ui/card";
import { DetailList } from "@/components/ui/detail-list";
import type { PayoutLedger } from "@/lib/ledger-lines/read-lines";
import { LedgerLinesTable } from "./ledger-lines-table";
import { useLedger } from "./use-ledger";

/** The payout's lines in the books, and where its money is now. */
export function PayoutLedgerCard({
  withdrawalId,
  initial,
  freshness,
}: {
  withdrawalId: string;
  initial: PayoutLedger;
  /** Changes when the payout moved: the ledger is read again then. */
  freshness: string;
}) {
  const display = useDisplay();
  const ledger = useLedger(`/api/withdrawals/${withdrawalId}/ledger`, initial, freshness);
  const money = (amount: string) => display.crypto(amount, ledger.currency);
  return (
    <Card title="Ledger">
      <LedgerLinesTable lines={ledger.lines} notShown={ledger.notShown} />
      {ledger.lines.length === 0 ? null : ledger.places.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Where its money is now</h3>
          <DetailList
            size="wide"
            data-testid="ledger-figures"
            items={ledger.places.map((place) => ({ label: place.where, value: money(place.amount) }))}
          />
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="ledger-figures">
          None of it is held or gone: all of it went back to {ledger.cameFrom}.
        </p>
      )}
    </Card>
  );
}
