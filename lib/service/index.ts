import "server-only";

// Public surface of the payment service client. Everything here is server-only.
export { createServiceClient, type ServiceClient } from "./client";
export { serviceConfigFromEnv, ServiceConfigError, type ServiceClientConfig } from "./config";
export {
  ServiceError,
  Unauthorized,
  ValidationFailed,
  InsufficientFunds,
  InvalidSign,
  NotFound,
  RateLimited,
  Unavailable,
  UnexpectedResponse,
  isServiceError,
  type ServiceErrorKind,
  type UnavailableReason,
  type FieldErrors,
} from "./errors";
export { DEFAULT_RETRY, type RetryPolicy, type FetchLike, type Sleep } from "./http";
export { parseLosslessJson, toDecimalString, JsonNumber } from "./json";
export type { ServiceInvoice, ServiceTransaction, ServiceWithdrawal } from "./responses";
export * from "./schemas";
export {
  canonicalJson,
  signPayload,
  buildSignedBody,
  verifyWebhook,
  type SignStyle,
  type WebhookForm,
  type WebhookVerification,
} from "./signature";
export type { ConnectionReport, KeyVerdict } from "./check-connection";
