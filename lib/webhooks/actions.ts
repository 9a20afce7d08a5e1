"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/auth/define-action";
import { getServiceClient } from "@/lib/service/app-client";
import { reprocessWebhookEvent } from "./reprocess-event";

export const reprocessWebhookEventAction = defineAction({
  permission: "webhooks:reprocess",
  schema: z.object({ eventId: z.uuid() }),
  handler: async ({ eventId }, { db, actor }) => {
    const result = await reprocessWebhookEvent(db, getServiceClient(), eventId, actor);
    revalidatePath("/webhooks");
    return result;
  },
});
