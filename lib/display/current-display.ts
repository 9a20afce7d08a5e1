import "server-only";
import { requireUser } from "@/lib/auth/guards";
import { displayFormatter, type DisplayFormatter } from "./formatter";
import { displayPreferencesOf } from "./preferences";

/** The signed-in person's formatter, for server components; the browser's twin is useDisplay(). */
export async function currentDisplay(): Promise<DisplayFormatter> {
  const user = await requireUser({ duringEnrollment: true });
  return displayFormatter(displayPreferencesOf(user));
}
