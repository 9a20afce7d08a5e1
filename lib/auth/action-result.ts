/** What every server action answers; shared by the server (define-action) and the forms. */
export type FieldErrors = Record<string, string[]>;

export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      code: "unauthenticated" | "forbidden" | "invalid" | "rejected" | "unexpected";
      message: string;
      fieldErrors?: FieldErrors;
    };
