import type { Metadata } from "next";
import { CreateUserForm } from "@/components/users/create-user-form";
import { requirePermission } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "New user" };

export default async function NewUserPage() {
  await requirePermission("users:manage");
  return (
    <div className="grid max-w-lg gap-6">
      <div>
        <h1 className="text-2xl font-semibold">New user</h1>
        <p className="text-sm text-slate-600">
          Paydesk then gives you a one-time invitation link for them: send it to them privately. They open it
          and choose their own password; nobody else ever knows it.
        </p>
      </div>
      <CreateUserForm />
    </div>
  );
}
