import { vi } from "vitest";

/**
 * Tests call server actions directly, outside any Next.js request, where next/headers throws.
 * Every action reads the request's headers (who acted, from which address and browser, for the
 * audit log), so tests get one fixed request; a test file may mock next/headers itself instead.
 */
export const TEST_REQUEST_HEADERS = {
  "user-agent": "vitest",
  "x-paydesk-peer-address": "192.0.2.1",
} as const;

vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/headers")>()),
  headers: async () => new Headers(TEST_REQUEST_HEADERS),
}));
