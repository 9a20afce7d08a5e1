"use client";

import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { showActionResult } from "@/components/ui/outcome-toast";
import type { ActionResult } from "@/lib/auth/action-result";

/**
 * A confirmation that asks for one required piece of text (a note, a reason): checked as the
 * server will check it (the same zod schema, through `parse`), then sent; the server's word on
 * that field shows beside it, any other answer as a toast, and what was typed stays.
 */
export function ConfirmWithNote<Input>({
  trigger,
  title,
  confirmLabel,
  tone = "primary",
  explanation,
  noteId,
  noteLabel,
  field = "note",
  parse,
  submit,
  onDone,
}: {
  trigger: ReactNode;
  title: string;
  confirmLabel: string;
  tone?: "primary" | "danger";
  explanation: ReactNode;
  noteId: string;
  noteLabel: string;
  /** The action's name for the text, where its field errors land. */
  field?: string;
  /** The input to send with this text, or what is wrong with it. */
  parse: (note: string) => { ok: true; input: Input } | { ok: false; error: string | undefined };
  submit: (input: Input) => Promise<ActionResult<{ message: string }>>;
  onDone: () => unknown;
}) {
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  const change = (value: string) => {
    setNote(value);
    setNoteError(undefined);
  };
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      onConfirm={async () => {
        const parsed = parse(note);
        if (!parsed.ok) {
          setNoteError(parsed.error);
          return false;
        }
        const result = await submit(parsed.input);
        if (!result.ok && result.fieldErrors?.[field]) {
          setNoteError(result.fieldErrors[field][0]);
          return false;
        }
        showActionResult(result);
        await onDone();
        return result.ok;
      }}
      description={
        <div className="grid gap-1.5">
          <div className="text-sm text-slate-600">{explanation}</div>
          <ReasonField id={noteId} label={noteLabel} value={note} error={noteError} onChange={change} />
        </div>
      }
    />
  );
}
