/** Whether `error` is a fetch's AbortError (its own module: the cart island needs it without the API client). */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && (error as { name?: unknown }).name === 'AbortError'
  );
}
