import type { Metadata } from "next";
import Link from "next/link";
import { WebhookEventsTable } from "@/components/webhooks/webhook-events-table";
import { WebhookFilters } from "@/components/webhooks/webhook-filters";
import { requirePermission } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { refusedSearch } from "@/lib/validation/text";
import { listWebhookEvents } from "@/lib/webhooks/list-events";
import { UNVERIFIED_RETENTION_DAYS } from "@/lib/webhooks/limits";
import { parseWebhookFilter } from "@/lib/webhooks/list-filter";

export const metadata: Metadata = { title: "Webhooks" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePermission("webhooks:view");
  const params = await searchParams;
  const filter = parseWebhookFilter(params);
  const page = await listWebhookEvents(await getDb(), filter);
  const linkTo = (before?: string) => {
    const query = new URLSearchParams();
    for (const key of ["q", "outcome", "verified"]) {
      const value = params[key];
      if (typeof value === "string" && value) query.set(key, value);
    }
    if (before) query.set("before", before);
    const text = query.toString();
    return text ? `/webhooks?${text}` : "/webhooks";
  };
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Webhooks</h1>
        <p className="text-sm text-slate-600">
          Every notification the payment service sent, stored once, with what it changed. A webhook only
          triggers a fresh read of the invoice from the service; unverified ones change nothing and are kept
          only as short samples for {UNVERIFIED_RETENTION_DAYS} days. A verified one that did not take effect
          is tried again by itself, with growing waits, for about four hours.
        </p>
      </div>
      <WebhookFilters filter={filter} refusedSearch={refusedSearch(params)} />
      <WebhookEventsTable events={page.rows} canReprocess={can(user.role, "webhooks:reprocess")} />
      <nav className="flex justify-between text-sm" aria-label="Pages">
        {filter.before ? (
          <Link href={linkTo()} className="underline underline-offset-2">
            Newest
          </Link>
        ) : (
          <span />
        )}
        {page.nextCursor ? (
          <Link href={linkTo(page.nextCursor)} className="underline underline-offset-2">
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
