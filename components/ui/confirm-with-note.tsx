"use client";

import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/auth/action-result";

/**
 * A confirmation that asks for a required note: checked as the server will check it (the same
 * zod schema, through `parse`), then sent; the server's word on the note shows beside it, any
 * other answer as a toast.
 */
export function ConfirmWithNote<Input>({
  trigger,
  title,
  confirmLabel,
  explanation,
  noteId,
  noteLabel,
  parse,
  submit,
  onDone,
}: {
  trigger: ReactNode;
  title: string;
  confirmLabel: string;
  explanation: ReactNode;
  noteId: string;
  noteLabel: string;
  /** The input to send with this note, or what is wrong with the note. */
  parse: (note: string) => { ok: true; input: Input } | { ok: false; error: string | undefined };
  submit: (input: Input) => Promise<ActionResult<{ message: string }>>;
  onDone: () => unknown;
}) {
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={async () => {
        const parsed = parse(note);
        if (!parsed.ok) {
          setNoteError(parsed.error);
          return false;
        }
        const result = await submit(parsed.input);
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
            id={noteId}
            label={noteLabel}
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
