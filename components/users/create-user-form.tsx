"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import { useActionForm } from "@/components/forms/use-action-form";
import { ROLE_LABELS, ROLES } from "@/lib/auth/roles";
import { createUserAction } from "@/lib/users/actions";
import { showOneTimeLink } from "@/components/account-links/one-time-link";

export function CreateUserForm() {
  const router = useRouter();
  const { form, formError, submit } = useActionForm({
    schema: () => import("@/lib/users/schemas").then((schemas) => schemas.createUserSchema),
    defaultValues: { email: "", name: "", role: "support" },
    action: createUserAction,
    onSuccess: ({ message, link }) => {
      showOutcome(succeeded(message));
      router.push("/admin/users");
      // None where single sign-on is required: they sign in with the company's provider.
      if (link) showOneTimeLink(link);
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      <FormField id="name" label="Name" error={errors.name?.message}>
        <Input id="name" aria-invalid={Boolean(errors.name)} {...form.register("name")} />
      </FormField>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="off"
          aria-invalid={Boolean(errors.email)}
          {...form.register("email")}
        />
      </FormField>
      <FormField
        id="role"
        label="Role"
        error={errors.role?.message}
        hint="Finance and Admin take effect once a second admin approves them; until then the user is a Viewer."
      >
        <Select id="role" aria-invalid={Boolean(errors.role)} {...form.register("role")}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormError message={formError} />
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Creating…" : "Create user"}
        </Button>
        <Button variant="secondary" onClick={() => router.push("/admin/users")}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
