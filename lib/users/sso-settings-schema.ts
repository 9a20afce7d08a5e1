import { z } from "zod";

/** Settings → Single sign-on: whether a sign-in with the company's provider counts as a second factor. */
export const ssoSecondFactorSchema = z.object({ counts: z.boolean() });
export type SsoSecondFactorValues = z.input<typeof ssoSecondFactorSchema>;
