"use client";

import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { ReasonField } from "@/components/ui/reason-field";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/auth/action-result";

/**
 * A confirmation that asks for one piece of text (a reason, a transaction reference), checked in
 * the browser with the same zod schema the action parses; a refusal from the server lands on the
 * field, and what was typed stays.
 */
export function TextActionDialog<Field extends string>({
  id,
  trigger,
  title,
  intro,
  field,
  label,
  multiline = true,
  confirmLabel,
  tone = "primary",
  schema,
  run,
  onDone,
}: {
  id: string;
  trigger: string;
  title: string;
  intro: ReactNode;
  field: Field;
  label: string;
  multiline?: boolean;
  confirmLabel: string;
  tone?: "primary" | "danger";
  schema: z.ZodType<Record<Field, string>>;
  run: (value: Record<Field, string>) => Promise<ActionResult<{ message: string }>>;
  onDone: () => Promise<unknown>;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const change = (value: string) => {
    setText(value);
    setError(undefined);
  };
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant={tone === "danger" ? "secondary" : "primary"}>
          {trigger}
        </Button>
      }
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      onConfirm={async () => {
        const parsed = schema.safeParse({ [field]: text });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return false;
        }
        const result = await run(parsed.data);
        if (!result.ok && result.fieldErrors?.[field]) {
          setError(result.fieldErrors[field][0]);
          return false;
        }
        if (result.ok) toast.success(result.data.message);
        else toast.error(result.message);
        await onDone();
        return result.ok;
      }}
      description={
        <div className="grid gap-1.5">
          <div className="text-sm text-slate-600">{intro}</div>
          {multiline ? (
            <ReasonField id={id} label={label} value={text} error={error} onChange={change} />
          ) : (
            <div className="grid gap-1.5">
              <label htmlFor={id} className="text-sm font-medium text-slate-800">
                {label}
              </label>
              <Input
                id={id}
                value={text}
                maxLength={300}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => change(event.target.value)}
                className="font-mono"
              />
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
                  {error}
                </p>
              ) : null}
            </div>
          )}
        </div>
      }
    />
  );
}
