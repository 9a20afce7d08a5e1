import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Paydesk", template: "%s · Paydesk" },
  description: "Merchant back office for crypto payments",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so that Next puts this request's CSP nonce on its scripts
  // (a page prerendered at build time would carry none, and its scripts would be blocked).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
