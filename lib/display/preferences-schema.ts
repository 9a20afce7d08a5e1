import { z } from "zod";
import { isNumberLocale, isTimeZone } from "./preferences";

/** Account → Display, in the browser's form and the server action alike. */
export const displayPreferencesSchema = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, "Choose a time zone from the list."),
  numberLocale: z.string().max(16).refine(isNumberLocale, "Choose a number format from the list."),
});

export type DisplayPreferencesForm = z.input<typeof displayPreferencesSchema>;

export const browserTimeZoneSchema = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, "Not a time zone this server knows."),
});
