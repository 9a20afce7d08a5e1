import "server-only";
import { eq } from "drizzle-orm";
import { MAIL_IDENTITY_KEY, settings } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { mailIdentitySchema, type MailIdentityForm } from "./identity-schema";

export { mailIdentitySchema, type MailIdentityForm };

/** How the business presents itself in customer email (Settings → Email). */
export interface MailIdentity {
  businessName: string;
  /** Where a customer's reply goes; null: to MAIL_FROM. */
  replyTo: string | null;
  /** Shown at the end of every customer email: an address, a phone, a legal line. */
  footer: string;
}

export { MAIL_IDENTITY_KEY };

/** The stored identity, or one made from MAIL_FROM's name until an admin sets it. */
export async function getMailIdentity(db: DbOrTx, fallbackName: string): Promise<MailIdentity> {
  const [row] = await db.select().from(settings).where(eq(settings.key, MAIL_IDENTITY_KEY));
  const parsed = mailIdentitySchema.safeParse(row?.value);
  if (!parsed.success) return { businessName: fallbackName || "Paydesk", replyTo: null, footer: "" };
  return { ...parsed.data, replyTo: parsed.data.replyTo || null };
}

export async function setMailIdentity(db: DbOrTx, identity: MailIdentityForm, userId: string): Promise<void> {
  const value = mailIdentitySchema.parse(identity);
  await db
    .insert(settings)
    .values({ key: MAIL_IDENTITY_KEY, value, updatedBy: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
}
