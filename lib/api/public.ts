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
 */
import { useCallback, useMemo } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { expireSession } from '@/lib/session/SessionProvider';
import { readToken } from '@/lib/session/store';
import { notify as notifyMessage } from '@/lib/toast/emitter';
import type { MessageType } from '@/lib/toast/messages';
import type { ApiEnvelope } from './types';

export const DEFAULT_PUBLIC_API_URL = 'http://localhost:4000';

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
  | { kind: 'unauthorized'; status: 401; message?: string }
  | { kind: 'forbidden'; status: 403; message?: string }
  | { kind: 'http'; status: number; message?: string }
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

export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && (error as { name?: unknown }).name === 'AbortError'
  );
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
}

function failureFor(status: number, message?: string): ApiFailure {
  if (status === 401) return { kind: 'unauthorized', status, message };
  if (status === 403) return { kind: 'forbidden', status, message };
  return { kind: 'http', status, message };
}

/**
 * Calls the shop API and returns the envelope's `data`. Success = HTTP 200/201 (any 2xx) with
 * `success !== false`. Throws PublicApiError (or the AbortError when `signal` aborted).
 */
export async function publicRequest<T>(path: string, options: PublicRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal, headers = {}, fetchImpl = fetch } = options;
  const finalHeaders: Record<string, string> = { accept: 'application/json', ...headers };
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) finalHeaders['content-type'] = 'application/json';
  if (auth) {
    const token = readToken();
    if (token) finalHeaders.authorization = `Bearer ${token}`;
  }
  let res: Response;
  try {
    res = await fetchImpl(publicApiUrlFor(path), {
      method,
      headers: finalHeaders,
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new PublicApiError({ kind: 'network', status: 0 });
  }
  let envelope: ApiEnvelope<T> | null = null;
  try {
    envelope = (await res.json()) as ApiEnvelope<T>;
  } catch (error) {
    if (isAbortError(error)) throw error;
    // A non-JSON error page (proxy, crash) is still an HTTP failure; a non-JSON 2xx is a parse failure.
    if (!res.ok) throw new PublicApiError(failureFor(res.status));
    throw new PublicApiError({ kind: 'network', status: 0 });
  }
  const message = typeof envelope?.message === 'string' && envelope.message.trim() ? envelope.message : undefined;
  if (!res.ok) throw new PublicApiError(failureFor(res.status, message));
  if (!envelope || envelope.success === false) throw new PublicApiError({ kind: 'http', status: res.status, message });
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
