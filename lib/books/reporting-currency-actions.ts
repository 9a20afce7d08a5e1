"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "@/lib/auth/define-action";
import { RuleError } from "@/lib/auth/rule-error";
import { getReportingCurrency, REPORTING_CURRENCY_KEY, setReportingCurrency } from "./reporting-currency";
import { reportingCurrencySchema } from "./reporting-currency-schema";

/**
 * Settings → Reporting currency. It changes what approvers read, not who must approve: the
 * two-approver rule values crypto in its own limit's currency. So it applies at once, audited.
 */
export const setReportingCurrencyAction = defineAction({
  permission: "settings:manage",
  schema: reportingCurrencySchema,
  handler: async ({ currency }, { db, user, actor }) => {
    await db.transaction(async (tx) => {
      const before = await getReportingCurrency(tx);
      if (before.source === "chosen" && before.currency === currency)
        throw new RuleError(`Nothing to change: the reporting currency is ${currency} already.`);
      await setReportingCurrency(tx, currency, user.id);
      await recordAudit(tx, actor, {
        action: "settings.changed",
        object: { type: "settings", id: REPORTING_CURRENCY_KEY },
        before: { currency: before.source === "chosen" ? before.currency : null },
        after: { currency },
      });
    });
    revalidatePath("/admin/settings");
    revalidatePath("/withdrawals");
    return { message: `Saved. Payouts in crypto are valued in ${currency} from now on.` };
  },
});
