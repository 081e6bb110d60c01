/**
 * The one error handler: every failure becomes `{ success: false, message, code }` with a Spanish message from
 * server/errors.ts and its stable code (lib/contracts/errors.ts). Validation errors are 400; client errors keep their status; anything else is a 500
 * whose details go to the log only (never a stack trace, SQL or driver message on the wire).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus, ERROR_CODES, type ApiErrorCode } from '../../lib/contracts/errors';
import { isHttpError, MESSAGES, messageForStatus } from '../errors';

/** PostgreSQL error code of a driver error, possibly wrapped (drizzle wraps it in DrizzleQueryError.cause). */
function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Driver errors that mean "the database cannot be reached right now" (restart, failover, network). */
const UNAVAILABLE_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// 'Query read timeout': no answer within DB_QUERY_TIMEOUT_MS; 'Client was closed…': the ROLLBACK after it
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Client was closed and is not queryable)/;

/**
 * True when the failure is the database being unreachable or too slow: SQLSTATE class 08 (connection
 * exception), 57P01-57P03 (shutdown, crash, starting up), 53300 (too many connections), 57014 (statement
 * cancelled: statement_timeout), 25P03 (idle_in_transaction_session_timeout), or node-postgres' network,
 * deadline and "Connection terminated" errors, possibly wrapped (drizzle's DrizzleQueryError.cause, AggregateError).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [err];
  while (stack.length > 0 && seen.size < 10) {
    const e = stack.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (/^(08...|57P0[123]|53300|57014|25P03)$/.test(code) || UNAVAILABLE_NET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    stack.push(cause);
    if (Array.isArray(errors)) stack.push(...errors);
  }
  return false;
}

export type HttpFailure = { status: number; message: string; code: ApiErrorCode; internal: boolean };

export function toHttpError(err: unknown): HttpFailure {
  if (isHttpError(err)) return { status: err.statusCode, message: err.message, code: err.code, internal: err.statusCode >= 500 };
  const fe = err as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(err) || fe.validation) {
    return { status: 400, message: MESSAGES.badParams, code: ERROR_CODES.badParams, internal: false };
  }
  const serverError = { status: 500, message: MESSAGES.server, code: ERROR_CODES.server, internal: true };
  if (typeof err !== 'object' || err === null) return serverError;
  if (isResponseSerializationError(err)) return serverError;
  // The database restarting is temporary: 503 (clients may retry), not a 500 that reads like a bug.
  if (isDatabaseUnavailable(err)) return { status: 503, message: MESSAGES.unavailable, code: ERROR_CODES.unavailable, internal: true };
  const code = pgCode(err);
  if (code === '23505') return { status: 409, message: MESSAGES.duplicate, code: ERROR_CODES.duplicate, internal: false };
  // invalid input for a column type, FK to a missing row, check constraint, value too long or out of
  // range, bytes not valid in the database encoding (e.g. NUL)
  if (code && ['22P02', '23503', '23514', '22001', '22003', '22021', '22P05'].includes(code)) {
    return { status: 400, message: MESSAGES.badParams, code: ERROR_CODES.badParams, internal: false };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) return { status, message: messageForStatus(status), code: codeForStatus(status), internal: false };
  if (status === 503) return { status, message: MESSAGES.unavailable, code: ERROR_CODES.unavailable, internal: true };
  return serverError;
}

export default fp(
  async (app) => {
    app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
      const { status, message, code, internal } = toHttpError(err);
      if (internal) req.log.error({ err }, 'request failed');
      else req.log.info({ status, code: (err as { code?: unknown }).code }, 'client error');
      if (status === 429 || status === 503) reply.header('cache-control', 'no-store');
      return reply.status(status).send({ success: false, message, code });
    });

    // Unknown routes answer with the same envelope (and count against the rate limit, to slow down scans).
    app.setNotFoundHandler({ preHandler: app.rateLimit ? app.rateLimit() : undefined }, (_req, reply) => {
      return reply.status(404).send({ success: false, message: MESSAGES.notFound, code: ERROR_CODES.notFound });
    });
  },
  { name: 'error-handler', dependencies: ['rate-limit'] },
);
