import { z } from "zod";

export const changeIdSchema = z.object({ id: z.uuid() });
