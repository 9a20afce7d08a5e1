/**
 * The fiat currencies Paydesk offers for invoices, withdrawals and the approval threshold. The
 * service's list is not published (docs/service-api.md: "ISO 4217 code from the service's supported
 * list"); these are the ones the embedded sandbox supports. The service has the last word:
 * an unsupported one comes back as a 422 on the field.
 */
export const FIAT_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CHF",
  "PLN",
  "TRY",
  "BRL",
  "RUB",
  "UAH",
  "KZT",
  "JPY",
  "CNY",
  "INR",
  "AED",
] as const;

const FALLBACK_MINOR_UNITS = 2;

/** How many decimals a fiat currency has (ISO 4217, from Intl's data): 0 for JPY, 2 for EUR, 3 for KWD. */
export function fiatMinorUnits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? FALLBACK_MINOR_UNITS
    );
  } catch {
    return FALLBACK_MINOR_UNITS;
  }
}
