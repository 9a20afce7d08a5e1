"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { toast } from "@/components/ui/toaster";
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
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="secondary">
          {label}
        </Button>
      }
      title={title}
      confirmLabel={label}
      onConfirm={async () => {
        const input = resolveExceptionSchema.safeParse({ invoiceId, note });
        if (!input.success) {
          setNoteError(input.error.issues[0]?.message);
          return false;
        }
        const result = await action(input.data);
        if (!result.ok && result.fieldErrors?.note) {
          setNoteError(result.fieldErrors.note[0]);
          return false;
        }
        if (result.ok) toast.success(result.data.message);
        else toast.error(result.message);
        await onDone();
        return result.ok;
      }}
      description={
        <div className="grid gap-1.5">
          <p className="text-sm text-slate-600">{explanation}</p>
          <ReasonField
            id={`note-${label.replace(/\W+/g, "-").toLowerCase()}-${invoiceId}`}
            label="Note (required)"
            value={note}
            error={noteError}
            onChange={(value) => {
              setNote(value);
              setNoteError(undefined);
            }}
          />
        </div>
      }
    />
  );
}
