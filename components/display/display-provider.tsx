"use client";

import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import { displayFormatter, type DisplayFormatter } from "@/lib/display/formatter";
import { DEFAULT_DISPLAY, type DisplayPreferences } from "@/lib/display/preferences";
import { adoptBrowserTimeZoneAction } from "@/lib/display/preference-actions";

const DisplayContext = createContext<DisplayPreferences>(DEFAULT_DISPLAY);

/**
 * The signed-in person's display preferences for every client component below. The server
 * renders with the same ones, so what the browser hydrates matches. A person whose zone is not
 * set yet gets the browser's, once, and the page renders again in it.
 */
export function DisplayProvider({
  prefs,
  zoneChosen,
  children,
}: {
  prefs: DisplayPreferences;
  zoneChosen: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  useEffect(() => {
    if (zoneChosen) return;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone) return;
    void adoptBrowserTimeZoneAction({ timeZone }).then((result) => {
      // Rendered in that zone already (UTC until now): nothing on the page would change.
      if (result.ok && result.data.adopted && timeZone !== prefs.timeZone) router.refresh();
    });
  }, [zoneChosen, prefs.timeZone, router]);
  return <DisplayContext.Provider value={prefs}>{children}</DisplayContext.Provider>;
}

/** Formatters in the person's zone and number format: the browser's side of currentDisplay(). */
export function useDisplay(): DisplayFormatter {
  const prefs = useContext(DisplayContext);
  return useMemo(() => displayFormatter(prefs), [prefs]);
}
