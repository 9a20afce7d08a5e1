import { QueryCache, QueryClient } from "@tanstack/react-query";

/** An HTTP error from one of our GET routes, with its status so defaults can act on it. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const isAuthError = (error: unknown) =>
  error instanceof HttpError && (error.status === 401 || error.status === 403);

/** React Query defaults, in one place: no retry on 401/403, and a 401 sends the person to sign in. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof HttpError && error.status === 401 && typeof window !== "undefined") {
          // A full page load on purpose: nothing cached from the ended session survives it.
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination
          window.location.assign("/login?reason=expired");
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => !isAuthError(error) && failureCount < 3,
      },
    },
  });
}

/** fetch() for our own GET routes: JSON on success, an HttpError otherwise. */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new HttpError(response.status, `${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}
