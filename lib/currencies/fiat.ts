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
