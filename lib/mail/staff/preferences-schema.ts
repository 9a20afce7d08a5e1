import { z } from "zod";
import { STAFF_MAIL_CATEGORY_KEYS, STAFF_MAIL_MODES } from "./categories";

/** Account → Email, in the browser's form and the server action alike. */
export const mailPreferencesSchema = z.object({
  modes: z.partialRecord(z.enum(STAFF_MAIL_CATEGORY_KEYS), z.enum(STAFF_MAIL_MODES)),
});
