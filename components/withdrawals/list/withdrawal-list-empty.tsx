import Link from "next/link";

/** Tells "nothing matches these filters" from "there are no withdrawals yet". */
export function WithdrawalListEmpty({
  anyWithdrawal,
  canRequest,
}: {
  anyWithdrawal: boolean;
  canRequest: boolean;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
      {anyWithdrawal ? (
        <p>
          No withdrawals match these filters.{" "}
          <Link href="/withdrawals" className="font-medium text-slate-900 underline underline-offset-4">
            Clear the filters
          </Link>
        </p>
      ) : (
        <p>
          There are no withdrawals yet.
          {canRequest ? (
            <>
              {" "}
              <Link
                href="/withdrawals/new"
                className="font-medium text-slate-900 underline underline-offset-4"
              >
                Request the first one
              </Link>
              .
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}
