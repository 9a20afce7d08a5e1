import { NotFoundStatus } from "@/components/layout/status-page";

/** notFound() from a page of the app (an unknown invoice id): rendered within the app's layout. */
export default function NotFound() {
  return <NotFoundStatus />;
}
