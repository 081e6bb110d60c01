/**
 * A request path with a malformed percent-escape (`/productos/%E0%A4%A`, `/%`, `/uploads/%zz`) is a bad
 * request. Next 16 answers it 500 "Internal Server Error" for every path (its router throws a DecodeError,
 * looks for a `/400` page that an App Router app cannot have, and gives up), before proxy.ts or any route
 * runs. So instrumentation.ts installs this guard on the server itself: such a request is answered 400
 * with messages/<locale>/errors.json `badParams` as plain text (there is no page to render for a URL that
 * names none) and never reaches Next.
 */
import http from 'node:http';
import esErrors from '@/messages/es/errors.json';
import enErrors from '@/messages/en/errors.json';
import ptErrors from '@/messages/pt-BR/errors.json';
import { localeFromPath, type Locale } from '@/lib/locales';
import { plainMessage } from '@/lib/maintenance/page';

const BAD_PARAMS: Record<Locale, string> = {
  es: plainMessage(esErrors.badParams),
  en: plainMessage(enErrors.badParams),
  'pt-BR': plainMessage(ptErrors.badParams),
};

/** True when the path part of a request target (before `?`) cannot be percent-decoded. */
export function hasMalformedEscape(requestTarget: string): boolean {
  const q = requestTarget.indexOf('?');
  const path = q === -1 ? requestTarget : requestTarget.slice(0, q);
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function answerBadPath(req: http.IncomingMessage, res: http.ServerResponse): void {
  const body = BAD_PARAMS[localeFromPath(req.url ?? '/')];
  res.writeHead(400, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const PATCHED = Symbol.for('aromas.badPathGuard.installed');

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;

/** Wraps http.Server's `request` event once per process; returns false when already installed. */
export function installBadPathGuard(): boolean {
  const proto = http.Server.prototype as unknown as { emit: Emit; [PATCHED]?: boolean };
  if (proto[PATCHED]) return false;
  const original = proto.emit;
  proto.emit = function emit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (hasMalformedEscape(req.url ?? '/')) {
        answerBadPath(req, res);
        return true;
      }
    }
    return original.call(this, event, ...args);
  };
  proto[PATCHED] = true;
  return true;
}
