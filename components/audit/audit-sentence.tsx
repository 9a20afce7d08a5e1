import Link from "next/link";
import type { SentencePart } from "@/lib/audit-reading/sentence-parts";

/**
 * A sentence's parts as text and links: names are React text, never markup. The underline sits
 * low enough to keep the underscores of order ids visible. No prefetching: a page of the log
 * names a hundred things, and a person opens one of them.
 */
export function AuditSentenceText({ parts }: { parts: readonly SentencePart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (typeof part === "string") return part;
        if (part.href) {
          return (
            <Link
              key={index}
              href={part.href}
              prefetch={false}
              title={part.title}
              className="font-medium text-blue-700 underline underline-offset-4"
            >
              {part.text}
            </Link>
          );
        }
        return (
          <span key={index} title={part.title} className="font-medium">
            {part.text}
          </span>
        );
      })}
    </>
  );
}
