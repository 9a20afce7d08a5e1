import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { requirePermission } from "@/lib/auth/guards";
import { businessNameOf } from "@/lib/auth/own-words";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Password" };

export default async function PasswordPage() {
  const user = await requirePermission("account:manage");
  return (
    <div className="grid max-w-lg gap-6">
      <div>
        <h1 className="text-2xl font-semibold" tabIndex={-1}>
          Password
        </h1>
        <p className="text-sm text-slate-600">
          Only you know your password: nobody at Paydesk can see or set it. Changing it signs out every other
          session of yours (another browser, another device); this one stays signed in.
        </p>
      </div>
      <ChangePasswordForm
        email={user.email}
        name={user.name}
        businessName={await businessNameOf(await getDb())}
      />
    </div>
  );
}
