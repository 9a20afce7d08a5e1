/** The ready message asking a customer to pay what is missing, with the payment link. */
export function askForRestMessage(input: {
  orderId: string;
  remaining: string;
  currency: string;
  network: string | null;
  payUrl: string;
}): string {
  const on = input.network ? ` on ${input.network}` : "";
  return [
    `Hello, thank you for your payment for order ${input.orderId}.`,
    `It is ${input.remaining} ${input.currency} short of the invoice. Please send the remaining ${input.remaining} ${input.currency}${on} through the same payment page:`,
    input.payUrl,
  ].join("\n");
}
