import type { NotificationObjectType } from "@/lib/db/schema";

const OBJECT_PATHS: Record<NotificationObjectType, (id: string) => string> = {
  invoice: (id) => `/invoices/${id}`,
  withdrawal: (id) => `/withdrawals/${id}`,
  change: (id) => `/admin/changes#change-${id}`,
  report: (id) => `/#report-${id}`,
};

/** Where a notification's object is in Paydesk, as an absolute link for an email. */
export function objectUrl(baseUrl: string, object: { type: NotificationObjectType; id: string }): string {
  return new URL(OBJECT_PATHS[object.type](object.id), baseUrl).toString();
}
