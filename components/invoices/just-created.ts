/**
 * "This invoice was just made here": the New invoice form marks it before moving to the invoice's
 * page, which says so once beside its status (a toast there would lie over the sharing card the
 * person came for). Kept in this tab's sessionStorage, so the page's link stays the invoice's own.
 */
const KEY = "paydesk.just-created-invoice";

export function markJustCreated(invoiceId: string): void {
  try {
    sessionStorage.setItem(KEY, invoiceId);
  } catch {
    // Storage refused (a private window's quota): the page simply does not say it.
  }
}

/** Whether `invoiceId` was just made in this tab; true once, then forgotten. */
export function takeJustCreated(invoiceId: string): boolean {
  try {
    if (sessionStorage.getItem(KEY) !== invoiceId) return false;
    sessionStorage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}
