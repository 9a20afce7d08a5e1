"use server";

import { z } from "zod";
import { defineAction } from "@/lib/auth/define-action";
import { getServiceClient } from "@/lib/service/app-client";
import type { ConnectionReport } from "@/lib/service";

export const checkConnectionAction = defineAction({
  permission: "service:manage",
  schema: z.object({}),
  handler: async (): Promise<ConnectionReport & { checkedAt: string }> => {
    const report = await getServiceClient().checkConnection();
    return { ...report, checkedAt: new Date().toISOString() };
  },
});
