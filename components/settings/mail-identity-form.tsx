"use client";

import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import { saveMailIdentityAction } from "@/lib/mail/actions";
import type { MailIdentityForm as Values } from "@/lib/mail/identity-schema";

/** How the business presents itself in the email its customers get. */
export function MailIdentityForm({ defaultValues, from }: { defaultValues: Values; from: string }) {
  const router = useRouter();
  const { form, formError, submit } = useActionForm({
    schema: () => import("@/lib/mail/identity-schema").then((m) => m.mailIdentitySchema),
    defaultValues,
    action: saveMailIdentityAction,
    onSuccess: ({ message }) => {
      showOutcome(succeeded(message));
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      <div>
        <h2 className="font-semibold">Email to customers</h2>
        <p className="text-sm text-slate-600">Sent from {from} (MAIL_FROM).</p>
      </div>
      <FormField id="mail-business-name" label="Business name" error={errors.businessName?.message}>
        <Input id="mail-business-name" {...form.register("businessName")} />
      </FormField>
      <FormField
        id="mail-reply-to"
        label="Reply-to address (optional)"
        error={errors.replyTo?.message}
        hint="Where a customer's reply goes; empty: to the sender."
      >
        <Input id="mail-reply-to" type="email" {...form.register("replyTo")} />
      </FormField>
      <FormField
        id="mail-footer"
        label="Footer (optional)"
        error={errors.footer?.message}
        hint="Shown at the end of every customer email: an address, a phone, a legal line."
      >
        <textarea
          id="mail-footer"
          rows={3}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:ring-2 focus-visible:ring-slate-600 focus-visible:outline-none"
          {...form.register("footer")}
        />
      </FormField>
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save email settings"}
        </Button>
      </div>
    </form>
  );
}
