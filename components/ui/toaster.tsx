"use client";

export { toast } from "sonner";
import type { CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";

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

export function Toaster() {
  return <SonnerToaster position="top-right" richColors closeButton style={READABLE_COLORS} />;
}
