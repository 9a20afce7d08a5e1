export * from "./enums";
export * from "./users";
export * from "./invoices";
export * from "./webhooks";
export * from "./withdrawals";
export * from "./settings";
export * from "./audit";
export * from "./two-factor";
