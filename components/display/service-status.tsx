import { serviceStatusWords, type ServiceStatusSubject } from "@/lib/display/service-words";

/**
 * A service status in plain words. An unknown one reads as a phrase, its word only in a details
 * panel below, for whoever has to ask the service about it.
 */
export function ServiceStatus({
  subject,
  status,
  "data-testid": testId,
}: {
  subject: ServiceStatusSubject;
  status: string | null;
  "data-testid"?: string;
}) {
  if (!status) return <>—</>;
  const words = serviceStatusWords(subject, status);
  return (
    <span data-testid={testId}>
      {words.label}
      {words.unrecognised ? (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer">Details</summary>
          {words.unrecognised}
        </details>
      ) : null}
    </span>
  );
}
