"use client";

export { toast } from "sonner";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore, type CSSProperties } from "react";
import { toast, Toaster as SonnerToaster } from "sonner";

/**
 * Sonner's rich colours are too pale on their backgrounds (4.25:1 for success, less for warnings):
 * darker text for each kind, at least 4.5:1 (WCAG AA).
 */
const READABLE_COLORS = {
  "--success-text": "#166534",
  "--info-text": "#1d4ed8",
  "--warning-text": "#92400e",
  "--error-text": "#b91c1c",
} as CSSProperties;

/** Sonner's own phone width: up to it, toasts span the screen. */
const PHONE = "(max-width: 600px)";

/**
 * Where a toast does not cover what it is about. On a wide screen, bottom right: forms are at most
 * 48rem wide on the left, so their inline errors and buttons stay in sight. On a phone, at the top
 * just under the header (whose Notifications and Menu stay clear), away from the thumb and the
 * submit button with its errors at the bottom. Long enough to read.
 */
export function Toaster() {
  useToastsStayOnTheirPage();
  const phone = useMatchesMedia(PHONE);
  const headerHeight = useHeaderHeight();
  return (
    <SonnerToaster
      position={phone ? "top-center" : "bottom-right"}
      richColors
      closeButton
      duration={8_000}
      mobileOffset={{ top: headerHeight + 8, bottom: 16, left: 16, right: 16 }}
      // A link in a message ("copy it by hand: https://…") breaks rather than runs out of the toast.
      toastOptions={{ classNames: { title: "[overflow-wrap:anywhere]" } }}
      style={READABLE_COLORS}
    />
  );
}

/**
 * A toast belongs to the page it was shown on: following a link, going back or submitting a form
 * leaves it behind. Toasts that exist when the person clicks, submits or goes back are dismissed
 * once the page changes; one raised after that (an action's own outcome, shown on the
 * page it leads to) stays.
 */
function useToastsStayOnTheirPage() {
  const pathname = usePathname();
  const leftBehind = useRef<(string | number)[]>([]);
  useEffect(() => {
    const remember = () => {
      leftBehind.current = toast.getToasts().map((shown) => shown.id);
    };
    document.addEventListener("click", remember, true);
    document.addEventListener("submit", remember, true);
    window.addEventListener("popstate", remember);
    return () => {
      document.removeEventListener("click", remember, true);
      document.removeEventListener("submit", remember, true);
      window.removeEventListener("popstate", remember);
    };
  }, []);
  useEffect(() => {
    for (const id of leftBehind.current) toast.dismiss(id);
    leftBehind.current = [];
  }, [pathname]);
}

function useMatchesMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

const HEADER_HEIGHT = 74;
const header = () => document.querySelector("header");

/** The page's header (with the sandbox banner, when there is one), followed as it resizes. */
function useHeaderHeight(): number {
  return useSyncExternalStore(
    (changed) => {
      const element = header();
      if (!element) return () => {};
      const observer = new ResizeObserver(changed);
      observer.observe(element);
      return () => observer.disconnect();
    },
    () => Math.ceil(header()?.getBoundingClientRect().height ?? HEADER_HEIGHT),
    () => HEADER_HEIGHT,
  );
}
