import Link from "next/link";
import { StatusPage } from "@/components/layout/status-page";

export default function NotFound() {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      message="There is nothing at this address. Check the link, or go back home."
    >
      <Link href="/" className="text-sm font-medium underline">
        Go to the home page
      </Link>
    </StatusPage>
  );
}
