"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

interface ActiveFilter {
  name: string;
  /** "Status: Pending", or a checkbox's own label ("Created by me"). */
  text: string;
  /** The list as it is, without this filter. */
  removeHref: string;
}

type Field = HTMLInputElement | HTMLSelectElement;

/**
 * A list's filter form, folded behind a "Filters" button below `md` so that the list, not the form,
 * fills a phone's first screen; the filters in use show beside the button as chips, each a link to
 * the list without it. From `md` up the form stays open. The chips are read from the form itself
 * (the values it was rendered with, which are the URL's), so every list's fields get them: a
 * select counts when its first option is not the one chosen, a checkbox when checked, a text or
 * date field when not empty. A field marked `data-no-chip` (the page size) never counts.
 */
export function FoldedFilters({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<ActiveFilter[]>([]);
  const body = useRef<HTMLDivElement>(null);
  const bodyId = useId();
  const pathname = usePathname();
  const query = useSearchParams().toString();

  useEffect(() => {
    const form = body.current?.querySelector("form");
    if (!form) return;
    setActive(activeFilters(form, pathname, query));
    // A refused search says why inside the form: show it.
    if (form.querySelector("[aria-invalid='true']")) setOpen(true);
  }, [pathname, query]);

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2 md:hidden">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <span className="sr-only">Filters{active.length > 0 ? `, ${active.length} active` : ""}</span>
          <span aria-hidden="true">Filters</span>
          {active.length > 0 ? (
            <span className="rounded-full bg-slate-900 px-1.5 text-xs text-white" aria-hidden="true">
              {active.length}
            </span>
          ) : null}
        </Button>
        {active.map((filter) => (
          <Link
            key={filter.name}
            href={filter.removeHref}
            className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100"
          >
            <span className="sr-only">Remove filter </span>
            {filter.text}
            <span aria-hidden="true" className="text-slate-600">
              ×
            </span>
          </Link>
        ))}
      </div>
      {/* Keyed by the URL: a filter removed by a chip (a client-side navigation) resets the form's fields. */}
      <div id={bodyId} ref={body} key={query} className={open ? undefined : "hidden md:block"}>
        {children}
      </div>
    </div>
  );
}

function activeFilters(form: HTMLFormElement, pathname: string, query: string): ActiveFilter[] {
  const fields = [...form.elements].filter(
    (element): element is Field =>
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.name !== "",
  );
  const names = new Set(fields.map((field) => field.name));
  const action = form.getAttribute("action") ?? pathname;
  // The URL as it is, minus the removed filter; paging (a cursor) starts over.
  const without = (removed: string) => {
    const kept = new URLSearchParams();
    for (const [name, value] of new URLSearchParams(query)) {
      if (names.has(name) && name !== removed && value !== "") kept.append(name, value);
    }
    const text = kept.toString();
    return text ? `${action}?${text}` : action;
  };
  return fields
    .filter((field) => counts(form, field))
    .map((field) => ({ name: field.name, text: describe(form, field), removeHref: without(field.name) }));
}

function chosenOption(select: HTMLSelectElement): HTMLOptionElement | undefined {
  return [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
}

function counts(form: HTMLFormElement, field: Field): boolean {
  if (field.hasAttribute("data-no-chip") || field.getAttribute("aria-invalid") === "true") return false;
  if (field instanceof HTMLSelectElement) return (chosenOption(field)?.index ?? 0) > 0;
  if (field.type === "hidden") return false;
  if (field.type === "checkbox") return field.defaultChecked;
  if (field.type === "radio") {
    const first = form.querySelector(`input[type="radio"][name="${CSS.escape(field.name)}"]`);
    return field.defaultChecked && field !== first;
  }
  return field.defaultValue.trim() !== "";
}

function describe(form: HTMLFormElement, field: Field): string {
  const label = (
    field.closest("label") ?? (field.id ? form.querySelector(`label[for="${CSS.escape(field.id)}"]`) : null)
  )?.textContent?.trim();
  const name = label || field.name;
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) return name;
  const value = field instanceof HTMLSelectElement ? chosenOption(field)?.textContent : field.defaultValue;
  return `${name}: ${value?.trim() ?? ""}`;
}
