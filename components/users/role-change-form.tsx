"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { applyActionErrors } from "@/components/forms/apply-action-errors";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/roles";
import { changeRoleAction } from "@/lib/users/actions";
import { whatARoleChangeDoes } from "@/lib/users/role-change-outcome";
import type { ChangeRoleInput } from "@/lib/users/schemas";

/**
 * A role change from the person's edit view: the new role and why, then a confirmation that says
 * what will happen (it applies now, or waits for a second admin who is notified) before anything
 * is sent. Whether it waits is the server's rule (lib/users/user-changes.ts); this only words it.
 */
export function RoleChangeForm({
  user,
  isSelf,
  approvers,
}: {
  user: { id: string; email: string; name: string; role: Role };
  isSelf: boolean;
  /** How many admins would be notified of a change to finance or admin (not you, not them). */
  approvers: number;
}) {
  const router = useRouter();
  const [resolver] = useState(() =>
    lazyZodResolver(() => import("@/lib/users/schemas").then((schemas) => schemas.changeRoleSchema)),
  );
  const form = useForm<ChangeRoleInput>({
    resolver,
    defaultValues: { userId: user.id, role: user.role, reason: "" },
  });
  const [confirming, setConfirming] = useState<ChangeRoleInput | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();
  const { errors } = form.formState;

  const review = form.handleSubmit((values) => {
    setFormError(undefined);
    if (values.role === user.role) {
      form.setError("role", {
        message: `${user.email} is ${ROLE_LABELS[user.role]} already: choose another role.`,
      });
      return;
    }
    setConfirming(values);
  });

  async function confirm() {
    if (!confirming) return;
    setBusy(true);
    try {
      const result = await changeRoleAction(confirming);
      setConfirming(null);
      if (result.ok) {
        showOutcome(succeeded(result.data.message));
        form.reset({ userId: user.id, role: user.role, reason: "" });
        // The page comes back with the new role (and any change now waiting), which remounts this form.
        router.refresh();
      } else {
        setFormError(applyActionErrors(form, result));
      }
    } finally {
      setBusy(false);
    }
  }

  const outcome = confirming ? whatARoleChangeDoes({ user, to: confirming.role, isSelf, approvers }) : null;

  return (
    <>
      <form onSubmit={review} className="grid max-w-lg gap-4" noValidate>
        <FormField
          id="role"
          label="New role"
          error={errors.role?.message}
          hint="Finance and Admin wait for a second admin's approval; Support and Viewer apply at once."
        >
          <Select id="role" aria-invalid={Boolean(errors.role)} {...form.register("role")}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
                {role === user.role ? " (now)" : ""}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id="reason"
          label="Reason (required)"
          error={errors.reason?.message}
          hint="Kept in the audit log, and shown to the admin who approves it."
        >
          <textarea
            id="reason"
            rows={3}
            aria-invalid={Boolean(errors.reason)}
            className="w-full rounded-md border border-slate-300 p-2 text-sm aria-[invalid=true]:border-red-500"
            {...form.register("reason")}
          />
        </FormField>
        <FormError message={formError} />
        <div>
          <Button type="submit">Review the change</Button>
        </div>
      </form>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && !busy && setConfirming(null)}>
        {outcome && confirming ? (
          <DialogContent data-testid="role-change-confirmation">
            <DialogTitle>{outcome.title}</DialogTitle>
            <DialogDescription asChild>
              <div className="grid gap-2">
                {outcome.lines.map((line) => (
                  <p key={line}>{line}</p>
                ))}
                <p>
                  Your reason: <q className="text-slate-900">{confirming.reason.trim()}</q>
                </p>
              </div>
            </DialogDescription>
            <DialogFooter>
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button onClick={confirm} disabled={busy}>
                {busy ? "Working…" : outcome.confirmLabel}
              </Button>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
