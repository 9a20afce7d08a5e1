import { Button } from "@/components/ui/button";

/** The summary and the lines as CSV, both as one XLSX workbook: the page's period and filter. */
export function StatementDownloads({ query, linesQuery }: { query: string; linesQuery: string }) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="statement-downloads">
      <Button variant="secondary" size="sm" asChild>
        <a href={`/api/statement/summary?${query}`} download>
          Summary (CSV)
        </a>
      </Button>
      <Button variant="secondary" size="sm" asChild>
        <a href={`/api/statement/lines?${linesQuery}`} download>
          Lines (CSV)
        </a>
      </Button>
      <Button variant="secondary" size="sm" asChild>
        <a href={`/api/statement/workbook?${linesQuery}`} download>
          Summary and lines (XLSX)
        </a>
      </Button>
    </div>
  );
}
