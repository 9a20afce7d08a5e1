import Link from "next/link";

/**
 * For people who do not resolve invoice exceptions (finance, viewers): how many wait, in one
 * line, with the list a link away. Support and admins resolve them and get the worklist instead.
 */
export function ExceptionsCount({ count, cap }: { count: number; cap: number }) {
  const shown = count >= cap ? `${cap - 1}+` : String(count);
  return (
    <p className="text-sm text-slate-600" data-testid="exceptions-count">
      {count === 0 ? (
        "No invoice exception is waiting to be resolved."
      ) : (
        <>
          {shown} invoice {count === 1 ? "exception waits" : "exceptions wait"} for support to resolve (
          <Link href="/invoices?status=unresolved" className="underline underline-offset-2">
            see them
          </Link>
          ).
        </>
      )}
    </p>
  );
}
