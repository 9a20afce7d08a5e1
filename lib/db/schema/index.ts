export * from "./users";
export * from "./invoices";
export * from "./webhooks";
export * from "./withdrawals";
