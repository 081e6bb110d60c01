/**
 * Installed once per storefront server process by instrumentation.ts: a response about to go out as
 * 500 while the shop API is known to be unreachable (lib/api/availability) goes out as 503 with
 * Retry-After and no-store instead. Same body (the something-went-wrong page, no details), honest status.
 *
 * It wraps ServerResponse.prototype.writeHead because Next writes the status itself after the render
 * failed (`res.statusCode = 500; res.end(html)` ends in writeHead through _implicitHeader), and nothing
 * a page, error.tsx or proxy.ts can do changes that status in Next 16. Cached pages never reach this:
 * they are served 200 from the ISR / data cache while the API is down.
 */
import http from 'node:http';
import { apiRecentlyUnreachable } from './availability';

export const RETRY_AFTER_SECONDS = 30;
const PATCHED = Symbol.for('aromas.unavailableStatus.installed');

type WriteHead = (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) => http.ServerResponse;

export function installUnavailableStatus(isApiDown: () => boolean = () => apiRecentlyUnreachable()): boolean {
  const proto = http.ServerResponse.prototype as unknown as { writeHead: WriteHead; [PATCHED]?: boolean };
  if (proto[PATCHED]) return false;
  const original = proto.writeHead;
  proto.writeHead = function writeHead(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 500 && isApiDown()) {
      this.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
      this.setHeader('cache-control', 'no-store');
      // writeHead(status, 'Internal Server Error', headers?) — drop the reason phrase, keep the headers
      if (typeof rest[0] === 'string') rest = rest.slice(1);
      return original.call(this, 503, ...rest);
    }
    return original.call(this, statusCode, ...rest);
  };
  proto[PATCHED] = true;
  return true;
}
