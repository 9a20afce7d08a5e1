import { NotFoundStatus } from "@/components/layout/status-page";

/** An address no route matches: rendered with the root layout only, so it brings its own `main`. */
export default function NotFound() {
  return <NotFoundStatus standalone />;
}
