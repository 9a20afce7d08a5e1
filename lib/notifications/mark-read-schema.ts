import { z } from "zod";
import { calendarDate } from "@/lib/validation/calendar-date";

/** Some notifications by id, a group of them (a kind on one of the reader's days), or every unread one. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }),
  z.object({
    group: z.object({
      kind: z
        .string()
        .regex(/^[a-z_.]+$/)
        .max(64),
      day: calendarDate,
    }),
  }),
  z.object({ all: z.literal(true) }),
]);
