"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

const PASSWORD_HINT =
  "At least 12 characters, hard to guess: a few unrelated words, or one your password manager makes. Common passwords and your own name or email are refused.";

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * A new password and the same again, for whoever chooses their own (through a one-time link, or
 * changing it in their account).
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
  confirmLabel = "Type it again",
}: {
  confirmLabel?: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPasswordValues>;
}) {
  // react-hook-form's paths of a generic T are not known to be these two; they are, by the bound.
  const registerField = register as unknown as UseFormRegister<NewPasswordValues>;
  return (
    <>
      <FormField id="password" label="New password" error={errors.password?.message} hint={PASSWORD_HINT}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          {...registerField("password")}
        />
      </FormField>
      <FormField id="confirmPassword" label={confirmLabel} error={errors.confirmPassword?.message}>
        <Input
          id="confirmPassword"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirmPassword)}
          {...registerField("confirmPassword")}
        />
      </FormField>
    </>
  );
}
