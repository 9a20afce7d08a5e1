"use client";

import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { toast } from "@/components/ui/toaster";
import {
  STAFF_MAIL_CATEGORIES,
  type StaffMailCategory,
  type StaffMailMode,
} from "@/lib/mail/staff/categories";
import { saveMailPreferencesAction } from "@/lib/mail/staff/actions";

/** Each category of one's notifications: only in Paydesk, or also by email at once. */
export function MailPreferencesForm({
  offered,
  current,
  email,
}: {
  offered: readonly StaffMailCategory[];
  current: Record<StaffMailCategory, StaffMailMode>;
  email: string;
}) {
  const router = useRouter();
  const { form, formError, submit } = useActionForm({
    schema: () => import("@/lib/mail/staff/preferences-schema").then((m) => m.mailPreferencesSchema),
    defaultValues: { modes: Object.fromEntries(offered.map((category) => [category, current[category]])) },
    action: saveMailPreferencesAction,
    onSuccess: ({ message }) => {
      toast.success(message);
      router.refresh();
    },
  });
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm text-slate-600">Also send these to {email}:</legend>
        {offered.map((category) => (
          <label key={category} className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={form.watch(`modes.${category}`) === "immediate"}
              onChange={(event) =>
                form.setValue(`modes.${category}`, event.target.checked ? "immediate" : "off", {
                  shouldDirty: true,
                })
              }
            />
            <span>{STAFF_MAIL_CATEGORIES[category]}</span>
          </label>
        ))}
      </fieldset>
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
