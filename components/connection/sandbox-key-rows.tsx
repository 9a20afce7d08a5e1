import type { SandboxKeys } from "@/lib/service/embedded-sandbox-keys";

/** The embedded sandbox's keys, for its control API (simulated payments, faults): they move no real money. */
export function SandboxKeyRows({ keys }: { keys: SandboxKeys }) {
  return (
    <>
      <dt className="text-slate-500">Sandbox invoice key</dt>
      <dd className="font-mono break-all" data-testid="sandbox-invoice-key">
        {keys.invoiceKey}
      </dd>
      <dt className="text-slate-500">Sandbox withdrawal key</dt>
      <dd className="font-mono break-all" data-testid="sandbox-withdrawal-key">
        {keys.withdrawalKey}
      </dd>
    </>
  );
}
