/**
 * Settings shared by the plugins that answer a signed-in user's own data (orders, chat, notifications,
 * addresses, billing, stock alerts, account, staff). Each call applies to the plugin it is given only
 * (Fastify encapsulation), so public routes keep their own caching.
 */
import type { FastifyInstance } from 'fastify';

/** OpenAPI security of a route behind `app.authenticate`. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** Personal data: never cached by browsers or proxies (unless a route set its own cache-control). */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/**
 * Actions that take no body (accept, cancel, mark as read…): tolerate clients that still send
 * `content-type: application/json` with an empty body (Fastify's default JSON parser answers 400 to that).
 * Same secure parser otherwise.
 */
export function acceptEmptyJson(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(req, text, done);
  });
}
