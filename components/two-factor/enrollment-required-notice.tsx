/** Above each step of setting up two-factor sign-in, for admin and finance, who cannot go on without it. */
export function EnrollmentRequiredNotice() {
  return (
    <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      Admin and finance accounts must use two-factor sign-in. Set it up to continue, or add a passkey instead
      (Account → Passkeys): the rest of Paydesk opens once you have one.
    </p>
  );
}
