/**
 * One slim line saying Paydesk runs on its embedded sandbox and/or in demo mode; the longer
 * explanation opens from it, so the banner never takes more than a line of a phone's screen.
 */
export function EnvironmentBanner({ sandbox, demo }: { sandbox: boolean; demo: boolean }) {
  if (!sandbox && !demo) return null;
  return (
    <details
      className="group border-b border-amber-200 bg-amber-100 text-xs text-amber-950"
      data-testid="environment-banner"
    >
      <summary className="mx-auto flex max-w-7xl cursor-pointer list-none flex-wrap items-center justify-center gap-x-1.5 px-4 py-1 [&::-webkit-details-marker]:hidden">
        {sandbox ? (
          <span data-testid="sandbox-banner">
            <span className="font-semibold">Sandbox</span>: No real money moves
          </span>
        ) : null}
        {sandbox && demo ? <span aria-hidden="true">·</span> : null}
        {demo ? (
          <span data-testid="demo-banner">
            <span className="font-semibold">Demo</span> mode
          </span>
        ) : null}
        <span className="underline underline-offset-2 group-open:hidden">More</span>
        <span className="hidden underline underline-offset-2 group-open:inline">Less</span>
      </summary>
      <div className="mx-auto grid max-w-3xl gap-1 px-4 pb-2 text-center">
        {sandbox ? (
          <p>
            Sandbox: Paydesk is connected to its embedded test service. Invoices, payments and payouts are
            simulated. No real money moves.
          </p>
        ) : null}
        {demo ? (
          <p>
            Demo mode: the demo users&apos; passwords are published, and two-factor sign-in is optional for
            everyone here. Outside demo mode, admin and finance must set it up.
          </p>
        ) : null}
      </div>
    </details>
  );
}
