/**
 * How one person sees times and numbers: their time zone and their number format. Everything
 * Paydesk shows a person goes through lib/display with these, on the server and in the browser
 * alike, so a time reads the same on every page.
 */
export interface DisplayPreferences {
  /** An IANA zone ("Europe/Berlin") or "UTC". */
  timeZone: string;
  /** A BCP 47 locale for grouping and decimal marks ("en-US", "de-DE"). */
  locale: string;
}

export const DEFAULT_LOCALE = "en-US";

/** Before a person's browser has told Paydesk its zone, and for whatever has no person (the log). */
export const DEFAULT_DISPLAY: DisplayPreferences = { timeZone: "UTC", locale: DEFAULT_LOCALE };

/** The number formats offered under Account → Display; each one a locale Intl knows. */
export const NUMBER_LOCALES = [
  { locale: "en-US", example: "1,234.56" },
  { locale: "en-GB", example: "1,234.56" },
  { locale: "de-DE", example: "1.234,56" },
  { locale: "fr-FR", example: "1 234,56" },
  { locale: "de-CH", example: "1’234.56" },
  { locale: "en-IN", example: "1,23,456.78" },
] as const;

export function isNumberLocale(value: string): boolean {
  return NUMBER_LOCALES.some((option) => option.locale === value);
}

/** Whether Intl knows this zone; "UTC" included. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every zone a person may choose, "UTC" first. */
export function timeZoneOptions(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return ["UTC", ...zones.filter((zone) => zone !== "UTC")];
}

/** A stored preference as the formatters take it: unset or no longer valid falls back to the default. */
export function displayPreferencesOf(stored: {
  timeZone: string | null;
  numberLocale: string | null;
}): DisplayPreferences {
  return {
    timeZone: stored.timeZone && isTimeZone(stored.timeZone) ? stored.timeZone : DEFAULT_DISPLAY.timeZone,
    locale: stored.numberLocale && isNumberLocale(stored.numberLocale) ? stored.numberLocale : DEFAULT_LOCALE,
  };
}
