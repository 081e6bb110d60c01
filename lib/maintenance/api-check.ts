/**
 * How proxy.ts's two cached questions to the API are asked (the maintenance flag, flag.ts, and the staff
 * check, staff.ts): the options they share and the request itself, where any failure means `false`.
 */

export interface ApiCheckOptions {
  /** Base URL of the API, read lazily (at run time). */
  apiUrl: () => string;
  ttlMs?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

/**
 * GETs `path` of the API (never cached, within `timeoutMs`) and reads the answer with `parse`; a non-2xx
 * answer, a network failure or a timeout is `false`.
 */
export async function askApi(
  { apiUrl, timeoutMs, fetchImpl }: Required<Pick<ApiCheckOptions, 'apiUrl' | 'timeoutMs'>> & Pick<ApiCheckOptions, 'fetchImpl'>,
  path: string,
  headers: Record<string, string>,
  parse: (body: unknown) => boolean,
): Promise<boolean> {
  const doFetch = fetchImpl ?? fetch;
  try {
    const res = await doFetch(`${apiUrl().replace(/\/+$/, '')}/${path}`, {
      headers: { accept: 'application/json', ...headers },
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return false;
    return parse(await res.json());
  } catch {
    return false;
  }
}
