"use server";

import { z } from "zod";
import { defineAction } from "@/lib/auth/define-action";
import { recordAudit } from "@/lib/audit/record";
import { getServiceClient } from "@/lib/service/app-client";
import type { ConnectionReport } from "@/lib/service";

export const checkConnectionAction = defineAction({
  permission: "service:manage",
  schema: z.object({}),
  handler: async (_input, { db, actor }): Promise<ConnectionReport & { checkedAt: string }> => {
    const report = await getServiceClient().checkConnection();
    await recordAudit(db, actor, {
      action: "service.connection_tested",
      object: { type: "service", id: "payments" },
      after: { ...report },
    });
    return { ...report, checkedAt: new Date().toISOString() };
  },
});
