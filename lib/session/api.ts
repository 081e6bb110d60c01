/**
 * Browser-side calls of the session and account flows (spec §7 "Session and account").
 * Never throws: every outcome is an `AccountResult`, so the forms can show the server's message.
 */

export interface AccountResult<T> {
  /** HTTP 200/201 and success !== false */
  ok: boolean;
  /** 0 on a network or parse failure */
  status: number;
  message: string | null;
  /** the error envelope's stable code (lib/contracts/errors.ts); null on success or a network failure */
  code: string | null;
  data: T | null;
}

export interface AccountRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export async function accountRequest<T>(
  apiUrl: string,
  path: string,
  { method = 'GET', body, token, signal }: AccountRequestOptions = {},
): Promise<AccountResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(joinUrl(apiUrl, path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: 'no-store',
      // the API sets (and on POST auth/refresh reads) its HttpOnly refresh cookie: credentials go along
      credentials: 'include',
    });
  } catch {
    return { ok: false, status: 0, message: null, code: null, data: null };
  }
  type Body = { success?: boolean; message?: string; code?: string; data?: T };
  const json: Body | null = await res.json().then(
    (b: unknown) => (b && typeof b === 'object' ? (b as Body) : null),
    () => null,
  );
  // An answer whose body could not be read (cut off by a navigation, a proxy's page) is not a success.
  const ok = (res.status === 200 || res.status === 201) && json !== null && json.success !== false;
  return {
    ok,
    status: res.status,
    message: typeof json?.message === 'string' ? json.message : null,
    code: !ok && typeof json?.code === 'string' ? json.code : null,
    data: (json?.data ?? null) as T | null,
  };
}

/**
 * Whether an answer ends the session in this browser: only the API's own refusals, 401 (no valid session)
 * and 400 (a refresh cookie it cannot read; it clears it). No answer, a 5xx, a 429, a 403 or an answer cut
 * off by a navigation says nothing about the session, and the browser keeps it: reloading a page while its
 * session check was answering used to log the customer out.
 */
export function endsSession(res: Pick<AccountResult<unknown>, 'status'>): boolean {
  return res.status === 401 || res.status === 400;
}
