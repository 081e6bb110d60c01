import { accountRequest, type AccountResult } from '@/lib/session/api';

/**
 * POSTs `{ token }` to `path` once per token, even when React runs the effect that calls it twice (Strict
 * Mode): the links' tokens (verify, auto-login) are single-use, a second request would be refused.
 */
export function oncePerToken<T>(path: string) {
  const inflight = new Map<string, Promise<AccountResult<T>>>();
  return (apiUrl: string, token: string): Promise<AccountResult<T>> => {
    let p = inflight.get(token);
    if (!p) {
      p = accountRequest<T>(apiUrl, path, { method: 'POST', body: { token } });
      inflight.set(token, p);
    }
    return p;
  };
}
