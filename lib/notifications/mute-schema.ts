import { z } from "zod";
import { MUTABLE_KINDS } from "./mutable-kinds";

/** Mute a kind of information for oneself, or hear it again. */
export const muteSchema = z.object({ kind: z.enum(MUTABLE_KINDS), muted: z.boolean() });
