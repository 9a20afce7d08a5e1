import type { Metadata } from "next";
import Link from "next/link";
import { ChoosePasswordForm } from "@/components/account-links/choose-password-form";
import { businessNameOf } from "@/lib/auth/own-words";
import { getDb } from "@/lib/db/client";
import { formatDateTime, formatRelative } from "@/lib/display/time";
import { accountLinkTokenSchema } from "@/lib/users/account-link-schemas";
import { usableLink } from "@/lib/users/account-links";
import { LINK_NO_LONGER_VALID } from "@/lib/users/choose-password";

export const metadata: Metadata = { title: "Choose your password", referrer: "no-referrer" };

/**
 * Public: whoever holds a one-time link (an invitation or a password reset) chooses the password
 * of the account it was made for. The link is the credential; anything but a usable one gets the
 * same page, whatever the reason.
 */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const parsed = accountLinkTokenSchema.safeParse(token);
  const found = parsed.success ? await usableLink(await getDb(), parsed.data) : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-6">
      {found ? (
        <>
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold">
              {found.link.kind === "invitation" ? "Welcome to Paydesk" : "Choose a new password"}
            </h1>
            <p className="text-sm text-slate-600">
              {found.link.kind === "invitation"
                ? `${found.user.name}, choose the password you will sign in with as ${found.user.email}. Only you will know it.`
                : `Your password was reset by an admin. Choose a new one for ${found.user.email}; the old one no longer works.`}{" "}
              {/* Nobody is signed in here, so there is no chosen zone: UTC, named, and how long is left. */}
              This link works once, until {formatDateTime(found.link.expiresAt, "UTC")} (
              {formatRelative(found.link.expiresAt)}).
            </p>
          </div>
          <ChoosePasswordForm
            token={parsed.data ?? ""}
            email={found.user.email}
            name={found.user.name}
            businessName={await businessNameOf(await getDb())}
          />
        </>
      ) : (
        <div className="grid gap-3" data-testid="link-not-valid">
          <h1 className="text-2xl font-semibold">This link is no longer valid</h1>
          <p className="text-sm text-slate-700">{LINK_NO_LONGER_VALID}</p>
          <p className="text-sm text-slate-700">
            Have a password already?{" "}
            <Link href="/login" className="underline">
              Sign in
            </Link>
            .
          </p>
        </div>
      )}
    </main>
  );
}
