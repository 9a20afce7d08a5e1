import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditAction, type AuditObjectType } from "./actions";

export const AUDIT_PAGE_SIZE = 50;

export const SIGN_INS_SHOWN = ["show", "only"] as const;
export type SignInsShown = (typeof SIGN_INS_SHOWN)[number];

export interface AuditFilter {
  /** The actor's email, matched whole and without regard to case. */
  person?: string;
  action?: AuditAction;
  objectType?: AuditObjectType;
  objectId?: string;
  /** Inclusive days, YYYY-MM-DD, in `timeZone` (the reader's; UTC when not given). */
  dateFrom?: string;
  dateTo?: string;
  /** Not a parameter of the page's address: the reader's zone, set by whoever reads. */
  timeZone?: string;
  /** Sign-ins (SIGN_IN_ACTIONS) are left out unless shown too or alone; an action filter overrides. */
  signIns?: SignInsShown;
}

export interface AuditListParams extends AuditFilter {
  cursor?: string;
  dir?: "prev";
}

const single = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z.preprocess(
  single,
  z
    .string()
    .regex(DAY)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    .optional()
    .catch(undefined),
);
const text = (max: number) => z.preprocess(single, safeText().trim().max(max).optional().catch(undefined));

const paramsSchema = z.object({
  person: text(320),
  action: z.preprocess(single, z.enum(AUDIT_ACTIONS).optional().catch(undefined)),
  objectType: z.preprocess(single, z.enum(AUDIT_OBJECT_TYPES).optional().catch(undefined)),
  objectId: text(200),
  dateFrom: day,
  dateTo: day,
  signIns: z.preprocess(single, z.enum(SIGN_INS_SHOWN).optional().catch(undefined)),
  cursor: text(200),
  dir: z.preprocess(single, z.enum(["prev"]).optional().catch(undefined)),
});

/** The page's (or the export's) query string as a filter; anything malformed is ignored. */
export function parseAuditParams(
  params: Record<string, string | string[] | undefined> | URLSearchParams,
): AuditListParams {
  const record = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  const parsed = paramsSchema.parse(record);
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined && value !== ""),
  ) as AuditListParams;
}

/** The filter (never the page position) as a query string, for links and the CSV export. */
export function auditFilterQuery(filter: AuditFilter): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of [
    "person",
    "action",
    "objectType",
    "objectId",
    "dateFrom",
    "dateTo",
    "signIns",
  ] as const) {
    const value = filter[key];
    if (value) query.set(key, value);
  }
  return query;
}
