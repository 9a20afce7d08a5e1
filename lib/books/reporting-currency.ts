import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import { invoices, REPORTING_CURRENCY_KEY, settings } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export { REPORTING_CURRENCY_KEY };

/** How many of the latest invoices "the currency most invoices are in" reads while none is chosen. */
const USUAL_CURRENCY_SAMPLE = 500;
const FALLBACK = "USD";

const valueSchema = z.object({ currency: z.enum(FIAT_CURRENCIES) });

export interface ReportingCurrency {
  currency: string;
  /** "chosen": an admin set it; "usual": most of the latest 500 invoices; "default": no invoices yet. */
  source: "chosen" | "usual" | "default";
}

/**
 * The fiat currency the merchant reads money in: payouts asked in crypto are valued in it (at the
 * service's latest rate in it) in the approvals queue and dialog, and Settings offers it for the
 * two-approver limit. Until an admin chooses one, it is the currency most recent invoices were
 * made in (of the latest 500), so a merchant invoicing in EUR is not shown GBP because one invoice was.
 */
export async function getReportingCurrency(db: DbOrTx): Promise<ReportingCurrency> {
  const [row] = await db.select().from(settings).where(eq(settings.key, REPORTING_CURRENCY_KEY));
  const parsed = valueSchema.safeParse(row?.value);
  if (parsed.success) return { currency: parsed.data.currency, source: "chosen" };
  const latest = db
    .select({ currency: invoices.fiatCurrency })
    .from(invoices)
    .where(eq(invoices.creationState, "created"))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(USUAL_CURRENCY_SAMPLE)
    .as("latest");
  const [usual] = await db
    .select({ currency: latest.currency })
    .from(latest)
    .groupBy(latest.currency)
    .orderBy(desc(count()), latest.currency)
    .limit(1);
  return usual ? { currency: usual.currency, source: "usual" } : { currency: FALLBACK, source: "default" };
}

export async function setReportingCurrency(db: DbOrTx, currency: string, userId: string): Promise<void> {
  const value = valueSchema.parse({ currency });
  await db
    .insert(settings)
    .values({ key: REPORTING_CURRENCY_KEY, value, updatedBy: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
}
