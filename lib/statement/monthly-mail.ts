import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { can } from "@/lib/auth/permissions";
import { mailPreferences, outbox, users } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { dayIn } from "@/lib/display/time";
import { serverEnv } from "@/lib/env";
import { publicBaseUrl } from "@/lib/http/public-url";
import { appMailConfig } from "@/lib/mail/app-mail";
import { enqueueMail } from "@/lib/mail/enqueue";
import { renderMail } from "@/lib/mail/render";
import { unsubscribeUrl } from "@/lib/mail/staff/unsubscribe-token";
import { statementFigures, type StatementRow } from "./figures";
import { FIGURE_LABELS, FIGURES } from "./line-types";
import { monthBefore, periodOfMonth } from "./period";
import { rangeInZone } from "./range-in-zone";

/**
 * Queues last month's statement for each person in finance or admin who chose it by email: on
 * the 1st in their zone (or at once, when they turn it on later in the month), one email per
 * person and month (its dedupe key), with each coin's figures and a link to the statement and its
 * downloads in Paydesk. Answers how many were queued.
 */
export async function queueDueStatements(db: Db, limit: number, now = new Date()): Promise<number> {
  const mail = appMailConfig();
  const secret = serverEnv().NEXTAUTH_SECRET;
  if (!mail || !secret) return 0;
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      timeZone: users.timeZone,
    })
    .from(users)
    .innerJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(
      and(
        isNull(users.disabledAt),
        eq(mailPreferences.category, "monthly_statement"),
        eq(mailPreferences.mode, "immediate"),
      ),
    );
  const due = people
    .filter((person) => can(person.role, "statement:view"))
    .map((person) => {
      const zone = person.timeZone ?? "UTC";
      const month = monthBefore(dayIn(now, zone));
      return { ...person, zone, month, key: `statement:${person.id}:${month}` };
    });
  const sent = new Set(
    due.length === 0
      ? []
      : (
          await db
            .select({ key: outbox.dedupeKey })
            .from(outbox)
            .where(
              inArray(
                outbox.dedupeKey,
                due.map((person) => person.key),
              ),
            )
        ).map((row) => row.key),
  );
  let queued = 0;
  for (const person of due.filter((one) => !sent.has(one.key)).slice(0, limit)) {
    const range = rangeInZone(periodOfMonth(person.month), person.zone);
    const rows = await statementFigures(db, range);
    const base = publicBaseUrl();
    const page = new URL(`/statement?month=${person.month}`, base).toString();
    const unsubscribe = unsubscribeUrl(base, secret, person.id, "monthly_statement");
    const title = `Paydesk statement for ${monthName(person.month)}`;
    const rendered = renderMail(
      {
        heading: title,
        paragraphs: [
          `The books for ${monthName(person.month)}, days in ${person.zone}, per coin and network.`,
          ...(rows.length === 0
            ? ["No money moved, and nothing was held before it."]
            : rows.map(describeRow)),
          "The lines behind each figure, and the same as CSV and XLSX files, are on the statement in Paydesk.",
        ],
        action: { label: "Open the statement", url: page },
        footer: [
          `You get last month's statement on the 1st because you chose it under Account → Email in Paydesk.`,
        ],
        unsubscribeUrl: unsubscribe,
      },
      [`${base}/`],
    );
    const id = await enqueueMail(db, {
      kind: "staff_statement",
      to: { address: person.email, name: person.name },
      subject: title,
      ...rendered,
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      userId: person.id,
      dedupeKey: person.key,
    });
    if (id) queued++;
  }
  return queued;
}

/** One coin's line: "USDT on TRON: opening 10, received 5, refunded 1, paid out 0, fees 0 (…), closing 14." */
export function describeRow(row: StatementRow): string {
  const figures = FIGURES.map(
    (figure) => `${FIGURE_LABELS[figure].toLowerCase()} ${row.figures[figure].toFixed()}`,
  );
  const unreported =
    row.feesNotReported > 0
      ? ` (fee not reported for ${row.feesNotReported} payout${row.feesNotReported === 1 ? "" : "s"})`
      : "";
  const coin = row.network ? `${row.currency} on ${row.network}` : row.currency;
  return `${coin}: opening ${row.opening.toFixed()}, ${figures.join(", ")}${unreported}, closing ${row.closing.toFixed()}.`;
}

function monthName(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
