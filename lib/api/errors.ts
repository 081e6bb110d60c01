/** A failed call to the shop API: its HTTP status (503 for an outage) and a Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

/**
 * Why the API could not answer: it refused the connection (`unreachable`), did not answer within the
 * deadline (`timeout`), answered 503 (`unavailable`), or the circuit breaker is open after several of
 * these in a row and the call was not even tried (`circuit-open`).
 */
export type OutageKind = 'unreachable' | 'timeout' | 'unavailable' | 'circuit-open';

/** The API is down or hung: the page answers 503 with Retry-After (lib/api/unavailable-status.ts). */
export class ApiOutageError extends ApiError {
  constructor(
    readonly kind: OutageKind,
    options?: { cause?: unknown },
  ) {
    super(503, 'El servicio no está disponible', options);
    this.name = 'ApiOutageError';
  }
}

/**
 * For the `catch` of an optional read: an outage is never swallowed into a fallback, because a page
 * rendered over fallback data would be cached as if it were right (issue 18 item 5). The render fails
 * instead and answers 503 (lib/api/unavailable-status.ts); other failures may fall back.
 */
export function rethrowOutage(error: unknown): void {
  if (error instanceof ApiOutageError) throw error;
}
