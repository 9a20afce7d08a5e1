import type { Metadata } from "next";
import { SystemView } from "@/components/system/system-view";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { currentSystemInputs } from "@/lib/system/process-facts";
import { systemReport } from "@/lib/system/system-report";

export const metadata: Metadata = { title: "System" };

export default async function SystemPage() {
  await requirePermission("system:read");
  const report = await systemReport(await getDb(), currentSystemInputs());
  return <SystemView report={report} />;
}
