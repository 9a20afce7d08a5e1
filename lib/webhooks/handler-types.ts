import type { WebhookEvent } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import type { LosslessObject } from "@/lib/service/json";
import type { WebhookSummary } from "./payload";

/** conflict: the report contradicted Paydesk; applied as a conflict a person in finance resolves. */
export type WebhookOutcome = "refreshed" | "unchanged" | "conflict" | "unknown_order" | "failed";

export interface HandlerResult {
  outcome: WebhookOutcome;
  /** A short sentence for the webhooks page: what changed, or why nothing did. */
  detail: string;
}

export interface WebhookContext {
  db: Db;
  client: ServiceClient;
  event: WebhookEvent;
  /** The verified body, parsed once by the receiver (numbers kept exact). */
  payload: LosslessObject;
  summary: WebhookSummary;
}

/** Refreshes the resource a verified webhook names. Must be safe to run for any replay. */
export type WebhookHandler = (context: WebhookContext) => Promise<HandlerResult>;

/** One handler per resource type (the payload's `type`); a new type is registered here only. */
export type WebhookHandlers = Readonly<Record<string, WebhookHandler>>;
