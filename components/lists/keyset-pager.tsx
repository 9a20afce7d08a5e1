import Link from "next/link";
import { Button } from "@/components/ui/button";

interface KeysetPagerProps {
  /** The list's query string for given cursor params (filters kept), without "?". */
  queryFor: (cursor?: { cursor: string; dir?: "prev" }) => string;
  basePath: string;
  prevCursor: string | null;
  nextCursor: string | null;
}

/** Keyset paging: first, previous and next page; there are no page numbers to jump to. */
export function KeysetPager({ queryFor, basePath, prevCursor, nextCursor }: KeysetPagerProps) {
  const href = (query: string) => (query ? `${basePath}?${query}` : basePath);
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-2">
      {prevCursor ? (
        <>
          <Button variant="ghost" size="sm" asChild>
            <Link href={href(queryFor())}>First page</Link>
          </Button>
          <Button variant="secondary" size="sm" asChild>
            <Link href={href(queryFor({ cursor: prevCursor, dir: "prev" }))}>Previous page</Link>
          </Button>
        </>
      ) : null}
      {nextCursor ? (
        <Button variant="secondary" size="sm" asChild>
          <Link href={href(queryFor({ cursor: nextCursor }))}>Next page</Link>
        </Button>
      ) : null}
    </nav>
  );
}
