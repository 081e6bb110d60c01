/**
 * Browser-side calls to the shop API (client islands). The API lives at PUBLIC_API_URL, which the root
 * layout writes on <html data-api-url="…"> at render time (read at run time on the server, so one build
 * can point at another API).
 *
 * Two layers:
 * - `publicRequest()` performs the call and throws a `PublicApiError` describing what failed; no side
 *   effects, so callers with a specific error (e.g. the search: 'Error at search') handle it themselves.
 * - `handleApiError()` / `usePublicApi().handleError` apply spec §8's generic behaviour:
 *   401 → 'error.jwt' + session cleared + go to /; 403 → the server's message + go to /;
 *   other statuses → the server's message or 'Error en la solicitud'; network/parse → 'error.error500'.
 *
 * The access token lives 15 minutes (ADR 0005): `publicRequest` renews it shortly before it expires, and on
 * a 401 renews it and retries the call once (lib/session/refresh.ts: one refresh for all tabs and islands).
 * Only when the renewal is refused does the 401 reach the caller (session closed, 'error.jwt').
 */
import { useCallback, useMemo } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { expireSession } from '@/lib/session/SessionProvider';
import { refreshMarginMs, refreshSession } from '@/lib/session/refresh';
import { expiresWithin, readToken } from '@/lib/session/store';
import { notify as notifyMessage } from '@/lib/toast/emitter';
import type { MessageType } from '@/lib/toast/messages';
import type { ApiEnvelope } from '@/lib/contracts/common';
import { isAbortError } from './abort';

export const DEFAULT_PUBLIC_API_URL = 'http://localhost:4000';

/**
 * Deadline of a browser call to the API (headers and body). Past it the call fails like a network
 * failure (spec §8: 'error.error500'; the search, bell and unread counts fail quietly; the checkout keeps
 * the cart and retries once with the same Idempotency-Key). A hung API must not leave a spinner forever.
 */
export const BROWSER_API_TIMEOUT_MS = 15_000;

/** `signal` (the caller's) or the deadline, whichever aborts first; `timedOut` tells which. */
function withDeadline(signal: AbortSignal | undefined, ms: number): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

/** The API origin for browser calls, from <html data-api-url>; falls back to the local default. */
export function publicApiBase(): string {
  if (typeof document === 'undefined') return DEFAULT_PUBLIC_API_URL;
  const fromHtml = document.documentElement.dataset.apiUrl;
  return (fromHtml && fromHtml.trim() ? fromHtml.trim() : DEFAULT_PUBLIC_API_URL).replace(/\/+$/, '');
}

export function publicApiUrlFor(path: string): string {
  return `${publicApiBase()}/${path.replace(/^\/+/, '')}`;
}

export type ApiFailure =
  | { kind: 'unauthorized'; status: 401; message?: string; code?: string }
  | { kind: 'forbidden'; status: 403; message?: string; code?: string }
  | { kind: 'http'; status: number; message?: string; code?: string }
  | { kind: 'network'; status: 0; message?: string };

export class PublicApiError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.message ?? `API ${failure.kind} (${failure.status})`);
    this.name = 'PublicApiError';
    this.failure = failure;
  }
  get status(): number {
    return this.failure.status;
  }
}


/**
 * Ends the session in this browser (spec §8, 401): the session keys are cleared (the cart is kept) and
 * the SessionProvider is told, so the shell switches to the guest variant.
 */
export function clearSession(): void {
  expireSession();
}

export interface PublicRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for a multipart upload (the browser sets its content type). */
  body?: unknown;
  /** Send the session token as `Authorization: Bearer` (default true; spec: some calls are token-free). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Injected for tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
  /** Deadline in ms (default BROWSER_API_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** `code`: the error envelope's stable code (lib/contracts/errors.ts), to branch on instead of the text. */
function failureFor(status: number, message?: string, code?: string): ApiFailure {
  if (status === 401) return { kind: 'unauthorized', status, message, code };
  if (status === 403) return { kind: 'forbidden', status, message, code };
  return { kind: 'http', status, message, code };
}

/**
 * Calls the shop API and returns the envelope's `data`. Success = HTTP 200/201 (any 2xx) with
 * `success !== false`. Throws PublicApiError (or the AbortError when `signal` aborted).
 */
export async function publicRequest<T>(path: string, options: PublicRequestOptions = {}): Promise<T> {
  if (!options.auth && options.auth !== undefined) return requestOnce<T>(path, options, null);
  let token = readToken();
  if (token && expiresWithin(token, refreshMarginMs(token))) {
    const renewed = await refreshSession(publicApiBase(), token);
    if (renewed.kind === 'ok') token = renewed.session.token;
  }
  try {
    return await requestOnce<T>(path, options, token);
  } catch (error) {
    // A 401 with a token: renew it (once for every caller) and retry this call once with the new one.
    if (!token || !(error instanceof PublicApiError) || error.failure.kind !== 'unauthorized') throw error;
    const renewed = await refreshSession(publicApiBase(), token);
    // a renewal that got no verdict is no proof the session is over: a network failure, not a 401 that logs out
    if (renewed.kind === 'unreachable') throw new PublicApiError({ kind: 'network', status: 0 });
    if (renewed.kind !== 'ok' || renewed.session.token === token) throw error;
    return requestOnce<T>(path, options, renewed.session.token);
  }
}

/**
 * A file from the API (a price list) with the session token, renewed as `publicRequest` does. The name is
 * the server's (Content-Disposition), or null. Failures throw PublicApiError with the API's message.
 */
export async function publicDownload(path: string, fetchImpl: typeof fetch = fetch): Promise<{ blob: Blob; filename: string | null }> {
  let token = readToken();
  if (token && expiresWithin(token, refreshMarginMs(token))) {
    const renewed = await refreshSession(publicApiBase(), token);
    if (renewed.kind === 'ok') token = renewed.session.token;
  }
  let res: Response;
  try {
    res = await fetchImpl(publicApiUrlFor(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new PublicApiError({ kind: 'network', status: 0 });
  }
  if (!res.ok) {
    let message: string | undefined;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message.trim()) message = body.message;
    } catch {
      // not JSON: the status says enough
    }
    throw new PublicApiError(failureFor(res.status, message));
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await res.blob(), filename };
}

async function requestOnce<T>(path: string, options: PublicRequestOptions, token: string | null): Promise<T> {
  const { method = 'GET', body, signal, headers = {}, fetchImpl = fetch, timeoutMs = BROWSER_API_TIMEOUT_MS } = options;
  const finalHeaders: Record<string, string> = { accept: 'application/json', ...headers };
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) finalHeaders['content-type'] = 'application/json';
  if (token) finalHeaders.authorization = `Bearer ${token}`;
  const deadline = withDeadline(signal, timeoutMs);
  // the caller's abort stays an AbortError (ignored); the deadline is a network failure
  const failed = (error: unknown): never => {
    if (isAbortError(error) && !deadline.timedOut()) throw error;
    throw new PublicApiError({ kind: 'network', status: 0 });
  };
  let res: Response;
  let envelope: ApiEnvelope<T> | null = null;
  try {
    try {
      res = await fetchImpl(publicApiUrlFor(path), {
        method,
        headers: finalHeaders,
        body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
        signal: deadline.signal,
      });
    } catch (error) {
      return failed(error);
    }
    try {
      envelope = (await res.json()) as ApiEnvelope<T>;
    } catch (error) {
      if (isAbortError(error)) return failed(error);
      // A non-JSON error page (proxy, crash) is still an HTTP failure; a non-JSON 2xx is a parse failure.
      if (!res.ok) throw new PublicApiError(failureFor(res.status));
      throw new PublicApiError({ kind: 'network', status: 0 });
    }
  } finally {
    deadline.done();
  }
  const message = typeof envelope?.message === 'string' && envelope.message.trim() ? envelope.message : undefined;
  const code = typeof envelope?.code === 'string' ? envelope.code : undefined;
  if (!res.ok) throw new PublicApiError(failureFor(res.status, message, code));
  if (!envelope || envelope.success === false) throw new PublicApiError({ kind: 'http', status: res.status, message, code });
  return envelope.data as T;
}

export type ErrorMessageKey = 'jwt' | 'error500' | 'request';

export interface ErrorHandlerDeps {
  /** Translator of the `errors` namespace. */
  t: (key: ErrorMessageKey) => string;
  /** Locale-aware navigation (goes to "/"). */
  navigate: (href: string) => void;
  notify?: (type: MessageType, message: string) => void;
  clear?: () => void;
}

/** What spec §8 says to do for a failure: the message to show and whether to end the session / go home. */
export function describeFailure(
  error: unknown,
  t: ErrorHandlerDeps['t'],
): { message: string; clearSession: boolean; goHome: boolean } | null {
  if (isAbortError(error)) return null;
  if (!(error instanceof PublicApiError)) return { message: t('error500'), clearSession: false, goHome: false };
  const f = error.failure;
  switch (f.kind) {
    case 'unauthorized':
      return { message: t('jwt'), clearSession: true, goHome: true };
    case 'forbidden':
      return { message: f.message ?? t('request'), clearSession: false, goHome: true };
    case 'http':
      return { message: f.message ?? t('request'), clearSession: false, goHome: false };
    case 'network':
    default:
      return { message: t('error500'), clearSession: false, goHome: false };
  }
}

/** Applies spec §8's generic behaviour to a failed call (aborted calls are ignored). */
export function handleApiError(error: unknown, deps: ErrorHandlerDeps): void {
  const d = describeFailure(error, deps.t);
  if (!d) return;
  (deps.notify ?? notifyMessage)('ERROR', d.message);
  if (d.clearSession) (deps.clear ?? clearSession)();
  if (d.goHome) deps.navigate('/');
}

/**
 * Client hook: `request` (= publicRequest) and `handleError` bound to the current locale's texts
 * (messages `errors.jwt`, `errors.error500`, `errors.request`) and router.
 */
export function usePublicApi() {
  const t = useTranslations('errors');
  const router = useRouter();
  const handleError = useCallback(
    (error: unknown) => handleApiError(error, { t: (key) => t(key), navigate: (href) => router.push(href) }),
    [t, router],
  );
  return useMemo(() => ({ request: publicRequest, handleError }), [handleError]);
}
