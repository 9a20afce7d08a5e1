import { Money } from "@/components/display/money";

/** A payout's amount as money: in crypto, or in fiat that the service converts when it pays. */
export function WithdrawalAmount({
  withdrawal,
}: {
  withdrawal: {
    amount: string | null;
    currency: string;
    fiatAmount: string | null;
    fiatCurrency: string | null;
  };
}) {
  if (withdrawal.amount) return <Money amount={withdrawal.amount} unit={withdrawal.currency} />;
  if (withdrawal.fiatAmount && withdrawal.fiatCurrency) {
    return (
      <span>
        <Money amount={withdrawal.fiatAmount} unit={withdrawal.fiatCurrency} /> in {withdrawal.currency}
      </span>
    );
  }
  return <span>{withdrawal.currency}</span>;
}
