import type { Metadata } from "next";
import { ConnectionTester } from "@/components/connection/connection-tester";
import { SandboxKeyRows } from "@/components/connection/sandbox-key-rows";
import { Badge } from "@/components/ui/badge";
import { requirePermission } from "@/lib/auth/guards";
import { describeConnection } from "@/lib/connection/describe";
import { serverEnv } from "@/lib/env";
import { appMailConfig } from "@/lib/mail/app-mail";

export const metadata: Metadata = { title: "Service connection" };

export default async function ServiceConnectionPage() {
  await requirePermission("service:manage");
  const connection = describeConnection();
  const mail = appMailConfig();
  const catching = serverEnv().PAYDESK_MAIL_CATCHER === "embedded";
  return (
    <div className="grid max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Service connection</h1>
        <p className="text-sm text-slate-600">
          Where Paydesk sends invoices and payouts. A real service&apos;s API keys stay on the server and are
          never shown.
        </p>
      </div>
      <dl className="grid gap-x-4 gap-y-1 rounded-lg sm:grid-cols-[12rem_1fr] sm:gap-y-3 border border-slate-200 bg-white p-6 text-sm">
        <dt className="text-slate-500">Service</dt>
        <dd>
          {connection.mode === "embedded-sandbox" ? (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="warning">Embedded sandbox</Badge>
              <span className="text-slate-600">
                No real money moves. Set PAYMENTS_BASE_URL to use the real service.
              </span>
            </span>
          ) : (
            <Badge tone="info">External service</Badge>
          )}
        </dd>
        <dt className="text-slate-500">Base URL</dt>
        <dd className="font-mono break-all" data-testid="service-base-url">
          {connection.baseUrl}
        </dd>
        <dt className="text-slate-500">Signature style</dt>
        <dd>{connection.signStyle === "php" ? "PHP json_encode (default)" : "Plain JSON"}</dd>
        <dt className="text-slate-500">Timeout</dt>
        <dd>{connection.timeoutMs / 1000} s per request</dd>
        {connection.sandboxKeys ? <SandboxKeyRows keys={connection.sandboxKeys} /> : null}
      </dl>
      {connection.problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-700">
          The connection is not configured correctly: {connection.problem}
        </p>
      ) : (
        <ConnectionTester />
      )}
      <section
        aria-label="Email"
        className="grid gap-2 rounded-lg border border-slate-200 bg-white p-6 text-sm"
        data-testid="mail-connection"
      >
        <h2 className="font-semibold">Email</h2>
        {mail ? (
          <p>
            Paydesk sends mail through {mail.host}:{mail.port} (
            {mail.implicitTls ? "TLS" : "STARTTLS when the server offers it"}) as {mail.from.address}.
            {catching ? " This is the demo's mail catcher: what it receives is shown at /sandbox/mail." : ""}
          </p>
        ) : (
          <p>
            Email is off: SMTP_URL is not set, so Paydesk sends no mail and offers no email feature. Set
            SMTP_URL and MAIL_FROM to turn it on (see the README&apos;s Email section).
          </p>
        )}
      </section>
    </div>
  );
}
