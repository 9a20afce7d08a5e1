"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { MonthForm, RangeForm, StatementPeriod } from "@/lib/statement/period";

interface PeriodFormProps {
  period?: StatementPeriod;
  /** The query string's errors, from the server's check of the same fields. */
  errors?: Partial<Record<"month" | "from" | "to", string>>;
  /** The reader's time zone, named beside the days. */
  timeZone: string;
}

/**
 * A month, or any first and last day, in the reader's time zone. Checked with the schemas the
 * server parses the query string with; each is a plain GET form, so it works without script and
 * a statement is a link.
 */
export function PeriodForm({ period, errors = {}, timeZone }: PeriodFormProps) {
  const router = useRouter();
  const [monthResolver] = useState(() =>
    lazyZodResolver(() => import("@/lib/statement/period").then((m) => m.monthFormSchema)),
  );
  const [rangeResolver] = useState(() =>
    lazyZodResolver(() => import("@/lib/statement/period").then((m) => m.rangeFormSchema)),
  );
  const monthForm = useForm<MonthForm>({
    resolver: monthResolver,
    defaultValues: { month: period?.month ?? "" },
  });
  const rangeForm = useForm<RangeForm>({
    resolver: rangeResolver,
    defaultValues: {
      from: period?.month ? "" : (period?.from ?? ""),
      to: period?.month ? "" : (period?.to ?? ""),
    },
  });
  const go = (query: Record<string, string>) => router.push(`/statement?${new URLSearchParams(query)}`);
  const monthError = monthForm.formState.errors.month?.message ?? monthForm.formState.errors.root?.message;
  const rangeErrors = rangeForm.formState.errors;
  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-[auto_1fr]">
      <form
        method="get"
        action="/statement"
        aria-label="A month"
        noValidate
        onSubmit={monthForm.handleSubmit(({ month }) => go({ month }))}
        className="flex flex-wrap items-start gap-2 md:border-r md:border-slate-200 md:pr-4"
      >
        <FormField id="statement-month" label="Month" error={monthError ?? errors.month}>
          <Input
            id="statement-month"
            type="month"
            maxLength={7}
            placeholder="YYYY-MM"
            aria-invalid={Boolean(monthError ?? errors.month) || undefined}
            aria-describedby={(monthError ?? errors.month) ? "statement-month-error" : undefined}
            className="w-44"
            {...monthForm.register("month")}
          />
        </FormField>
        <Button type="submit" variant="secondary" className="mt-6">
          Show month
        </Button>
      </form>
      <form
        method="get"
        action="/statement"
        aria-label="A range of days"
        noValidate
        onSubmit={rangeForm.handleSubmit(({ from, to }) => go({ from, to }))}
        className="flex flex-wrap items-start gap-2"
      >
        <FormField id="statement-from" label="First day" error={rangeErrors.from?.message ?? errors.from}>
          <Input
            id="statement-from"
            type="date"
            maxLength={10}
            aria-invalid={Boolean(rangeErrors.from ?? errors.from) || undefined}
            aria-describedby={(rangeErrors.from ?? errors.from) ? "statement-from-error" : undefined}
            className="w-44"
            {...rangeForm.register("from")}
          />
        </FormField>
        <FormField
          id="statement-to"
          label="Last day"
          error={rangeErrors.to?.message ?? rangeErrors.root?.message ?? errors.to}
        >
          <Input
            id="statement-to"
            type="date"
            maxLength={10}
            aria-invalid={Boolean(rangeErrors.to ?? errors.to) || undefined}
            aria-describedby={(rangeErrors.to ?? errors.to) ? "statement-to-error" : undefined}
            className="w-44"
            {...rangeForm.register("to")}
          />
        </FormField>
        <Button type="submit" variant="secondary" className="mt-6">
          Show days
        </Button>
        <p className="basis-full text-xs text-slate-600">
          Both days included, in your time zone ({timeZone}).
        </p>
      </form>
    </div>
  );
}
