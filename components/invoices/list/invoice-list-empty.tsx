import Link from "next/link";

/** Tells "nothing matches these filters" from "there are no invoices yet". */
export function InvoiceListEmpty({ anyInvoice, canCreate }: { anyInvoice: boolean; canCreate: boolean }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
      {anyInvoice ? (
        <p>
          No invoices match these filters.{" "}
          <Link href="/invoices" className="font-medium text-slate-900 underline underline-offset-4">
            Clear the filters
          </Link>
        </p>
      ) : (
        <p>
          There are no invoices yet.
          {canCreate ? (
            <>
              {" "}
              <Link href="/invoices/new" className="font-medium text-slate-900 underline underline-offset-4">
                Create the first one with New invoice
              </Link>
              .
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}
