'use client';

/**
 * The reads of the browser client (issue 20 item 4): every island that shows API data reads it through
 * `useApiRead`, swr over `publicRequest` (lib/api/public.ts). swr brings what the islands hand-rolled:
 * one request for every island asking the same key at once (dedupe), a refetch when the tab comes back
 * (revalidate on focus), and one cache shared by the islands, which realtime events and the islands' own
 * writes update in place (`mutate`, `updateRead`).
 *
 * - The key is the API path (lib/api/paths.ts), or null to read nothing yet (signed out, no search term).
 * - The answer is parsed with the resource's contract (lib/api/contract.ts: a zod schema from lib/contracts,
 *   or a plain function for an island that keeps zod out of a public page).
 * - Token renewal and the retry after a 401 are publicRequest's; what still fails reaches `onError` (the
 *   island decides: spec §8's handleError, a quiet notice, or a toast). swr does not retry a failure on its
 *   own: the next focus, reconnection or realtime event reads again.
 *
 * Never imported by a public page's first JavaScript: the islands that use it load on demand (the bell for
 * signed-in visitors, the search suggestions on first intent) or live on account pages.
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { publicRequest } from './public';
import { parseAnswer, type ReadContract } from './contract';

/** GET `path` through publicRequest, parsed with `contract` (the swr fetcher; also usable on its own). */
export async function fetchRead<T>(path: string, contract: ReadContract<T>, auth = true): Promise<T> {
  return parseAnswer(contract, await publicRequest<unknown>(path, { auth }));
}

export interface ApiReadOptions<T> extends Pick<SWRConfiguration<T, unknown>, 'revalidateOnFocus' | 'keepPreviousData' | 'dedupingInterval'> {
  /** Send the session token (default true; the catalogue's reads are token-free). */
  auth?: boolean;
  /** A failed read (after publicRequest's own renewal): called once per failure, not per island. */
  onError?: (error: unknown) => void;
}

/**
 * Reads `key` (an API path; null = nothing to read) with swr. `data` is undefined until the first answer;
 * `error` is the last failure (the previous `data` stays); `mutate` rewrites this key's cached answer.
 */
export function useApiRead<T>(key: string | null, contract: ReadContract<T>, options: ApiReadOptions<T> = {}): SWRResponse<T, unknown> {
  const { auth = true, onError, ...config } = options;
  return useSWR<T, unknown, string | null>(key, (path: string) => fetchRead(path, contract, auth), {
    shouldRetryOnError: false,
    ...(onError ? { onError: (error: unknown) => onError(error) } : {}),
    ...config,
  });
}

/**
 * `update(key, fn)` rewrites the cached answer of `key` wherever it is shown, without reading it again: another
 * island's news (the chat lowering the bell's unread count). Nothing cached yet: nothing to change.
 */
export function useReadUpdater(): <T>(key: string, update: (current: T) => T) => void {
  const { mutate } = useSWRConfig();
  return useCallback(
    <T,>(key: string, update: (current: T) => T) => {
      void mutate<T>(key, (current) => (current === undefined ? current : update(current)), { revalidate: false });
    },
    [mutate],
  );
}
