import { z } from "zod";
import { STAFF_MAIL_CATEGORY_KEYS, STAFF_MAIL_MODES } from "./categories";

/** "08:00": a time of day on the 24-hour clock, to the minute. */
export const DIGEST_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Account → Email, in the browser's form and the server action alike. */
export const mailPreferencesSchema = z.object({
  modes: z.partialRecord(z.enum(STAFF_MAIL_CATEGORY_KEYS), z.enum(STAFF_MAIL_MODES)),
  digestTime: z.string().max(5).regex(DIGEST_TIME, "Give a time of day such as 08:00 (24-hour clock)."),
});
