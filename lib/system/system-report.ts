import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { describeMigrationStatus, readMigrationStatus } from "@/lib/db/migration-status";
import type { LoopLiveness } from "@/lib/jobs/periodic-job";
import { failureMessage } from "@/lib/log/failure-message";
import { describeDatabase, type DatabaseKind } from "./database-kind";
import {
  COUNT_CAP,
  countDueWork,
  countPeopleWork,
  lastServiceContact,
  type DueWork,
  type PeopleWork,
} from "./work-counts";

/** What the report is made of besides the database: this process and its configuration. */
export interface SystemInputs {
  now: Date;
  version: string;
  commit: string;
  nodeVersion: string;
  uptimeSeconds: number;
  /** DATABASE_URL as configured (only its host, port and database name are reported) and PAYDESK_DATA_DIR. */
  database: { databaseUrl?: string; dataDir: string };
  /** Where the service is (no keys): lib/connection/describe.ts. */
  service: { mode: "embedded-sandbox" | "external"; baseUrl: string };
  /** This process's loops, or null when none were started in it (backgroundLoopLiveness). */
  loops: readonly LoopLiveness[] | null;
  /** Webhook refreshes and polls waiting or running in this process's queue. */
  webhookProcessingBacklog: number;
}

export interface LoopReport {
  name: string;
  intervalSeconds: number;
  running: boolean;
  startedAt: string | null;
  lastRoundFinishedAt: string | null;
  roundRunningSince: string | null;
  lastError: { at: string; message: string } | null;
}

/**
 * What an operator puts in a support ticket: plain and serialisable, the same on the System page
 * and in GET /api/admin/system. Never a credential: the database by host, port and name only, the
 * service by its address, errors by their message's first line.
 */
export interface SystemReport {
  generatedAt: string;
  paydesk: { version: string; commit: string; node: string; uptimeSeconds: number };
  database: DatabaseKind;
  migrations:
    | { summary: string; current: string | null; pending: string[]; newer: number; shipped: number }
    | { summary: string; error: string };
  /** Null when this process started no loops (a CLI, a test). */
  loops: LoopReport[] | null;
  queues: DueWork & { webhookProcessingBacklog: number };
  service: {
    mode: "embedded-sandbox" | "external";
    baseUrl: string;
    /** Derived from the data: nothing records the service's last answer as such. */
    lastInvoiceSync: string | null;
    lastVerifiedWebhook: string | null;
  };
  waitingOnPeople: PeopleWork;
  /** Every count stops at this number. */
  countsCappedAt: number;
}

const iso = (ms: number | Date | null) => (ms === null ? null : new Date(ms).toISOString());

export async function systemReport(db: DbOrTx, inputs: SystemInputs): Promise<SystemReport> {
  const [migrations, due, people, contact] = await Promise.all([
    readMigrations(db),
    countDueWork(db, inputs.now),
    countPeopleWork(db),
    lastServiceContact(db),
  ]);
  return {
    generatedAt: inputs.now.toISOString(),
    paydesk: {
      version: inputs.version,
      commit: inputs.commit,
      node: inputs.nodeVersion,
      uptimeSeconds: Math.floor(inputs.uptimeSeconds),
    },
    database: describeDatabase(inputs.database),
    migrations,
    loops: inputs.loops?.map(loopReport) ?? null,
    queues: { webhookProcessingBacklog: inputs.webhookProcessingBacklog, ...due },
    service: {
      mode: inputs.service.mode,
      baseUrl: inputs.service.baseUrl,
      lastInvoiceSync: iso(contact.lastInvoiceSync),
      lastVerifiedWebhook: iso(contact.lastVerifiedWebhook),
    },
    waitingOnPeople: people,
    countsCappedAt: COUNT_CAP,
  };
}

async function readMigrations(db: DbOrTx): Promise<SystemReport["migrations"]> {
  try {
    const status = await readMigrationStatus(db);
    return { summary: describeMigrationStatus(status), ...status };
  } catch (error) {
    return { summary: "could not be read", error: failureMessage(error) };
  }
}

function loopReport(loop: LoopLiveness): LoopReport {
  return {
    name: loop.name,
    intervalSeconds: loop.intervalMs / 1000,
    running: loop.startedAt !== null,
    startedAt: iso(loop.startedAt),
    lastRoundFinishedAt: iso(loop.lastRoundFinishedAt),
    roundRunningSince: iso(loop.roundRunningSince),
    lastError: loop.lastFailure
      ? { at: new Date(loop.lastFailure.at).toISOString(), message: loop.lastFailure.message }
      : null,
  };
}
