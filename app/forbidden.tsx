import Link from "next/link";
import { StatusPage } from "@/components/layout/status-page";

export default function Forbidden() {
  return (
    <StatusPage
      code="403"
      title="You don't have access to this page"
      message="Your role does not allow this. If you need it, ask an admin to change your role."
    >
      <Link href="/" className="text-sm font-medium underline">
        Go to the home page
      </Link>
    </StatusPage>
  );
}
