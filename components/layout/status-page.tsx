import Link from "next/link";
import type { ReactNode } from "react";

/**
 * An error page's content. Inside the app's layout, which already holds the page's one `main`, it
 * is a plain block; `standalone` (an unmatched address, rendered without that layout) makes it the
 * `main` landmark itself.
 */
export function StatusPage({
  code,
  title,
  message,
  standalone = false,
  children,
}: {
  code: string;
  title: string;
  message: string;
  standalone?: boolean;
  children?: ReactNode;
}) {
  const Container = standalone ? "main" : "div";
  return (
    <Container className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-3 p-8 text-center">
      <p className="text-sm font-semibold text-slate-500">Error {code}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{message}</p>
      {children}
    </Container>
  );
}

export function HomeLink() {
  return (
    <Link href="/" className="text-sm font-medium underline">
      Go to the home page
    </Link>
  );
}

/** The 404 page, at an unmatched address (`standalone`) or for a record that does not exist. */
export function NotFoundStatus({ standalone = false }: { standalone?: boolean }) {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      message="There is nothing at this address. Check the link, or go back home."
      standalone={standalone}
    >
      <HomeLink />
    </StatusPage>
  );
}
