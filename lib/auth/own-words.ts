import "server-only";
import { eq } from "drizzle-orm";
import { MAIL_IDENTITY_KEY, settings } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { ownWords } from "./password-policy";

/**
 * The business's name as its customer email gives it (Settings → Email), for the password check;
 * empty until an admin sets it. Read from the setting itself: lib/mail sits above lib/auth.
 */
export async function businessNameOf(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, MAIL_IDENTITY_KEY));
  const name = (row?.value as { businessName?: unknown } | undefined)?.businessName;
  return typeof name === "string" ? name : "";
}

/** A person's own words and the business's name: what a password of theirs must not lean on. */
export async function ownWordsOf(db: DbOrTx, person: { email: string; name: string }): Promise<string[]> {
  return ownWords(person, await businessNameOf(db));
}
