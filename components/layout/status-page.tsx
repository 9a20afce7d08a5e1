import type { ReactNode } from "react";

export function StatusPage({
  code,
  title,
  message,
  children,
}: {
  code: string;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-3 p-8 text-center">
      <p className="text-sm font-semibold text-slate-500">Error {code}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{message}</p>
      {children}
    </main>
  );
}
