"use client";

import { Button } from "@/components/ui/button";
import { ConfirmWithNote } from "@/components/ui/confirm-with-note";
import type { ActionResult } from "@/lib/auth/action-result";
import { resolveExceptionSchema, type ResolveExceptionInput } from "@/lib/exceptions/resolve-schema";

/** Accept as paid or Mark resolved: a confirmation with the required note, checked as the server will. */
export function ResolveButton({
  invoiceId,
  label,
  title,
  explanation,
  action,
  onDone,
}: {
  invoiceId: string;
  label: string;
  title: string;
  explanation: string;
  action: (input: ResolveExceptionInput) => Promise<ActionResult<{ message: string }>>;
  onDone: () => Promise<unknown>;
}) {
  return (
    <ConfirmWithNote
      trigger={
        <Button size="sm" variant="secondary">
          {label}
        </Button>
      }
      title={title}
      confirmLabel={label}
      explanation={explanation}
      noteId={`note-${label.replace(/\W+/g, "-").toLowerCase()}-${invoiceId}`}
      noteLabel="Note (required)"
      parse={(note) => {
        const input = resolveExceptionSchema.safeParse({ invoiceId, note });
        return input.success
          ? { ok: true, input: input.data }
          : { ok: false, error: input.error.issues[0]?.message };
      }}
      submit={action}
      onDone={onDone}
    />
  );
}
