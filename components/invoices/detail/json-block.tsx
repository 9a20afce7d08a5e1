import { Card } from "@/components/ui/card";

export function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <Card title={title}>
      <pre className="max-h-80 overflow-auto rounded bg-slate-50 p-3 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </Card>
  );
}
