/**
 * Liveness plus a database round trip; 503 while the database does not answer. Says which code answers
 * (package version and git commit, lib/build/info.mjs) so a QA report can name what it tested.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gitCommit, packageVersion } from '../../../lib/build/info.mjs';
import { HttpError, MESSAGES } from '../../errors';
import { errorSchema } from '../../../lib/contracts/common';

const routes: FastifyPluginAsyncZod = async (app) => {
  const build = { version: packageVersion(), commit: gitCommit() };
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio',
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ status: z.literal('ok'), uptime: z.number(), version: z.string(), commit: z.string() }) }),
          503: errorSchema,
        },
      },
    },
    async (_req, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        throw new HttpError(503, MESSAGES.unavailable, { cause: err });
      }
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { status: 'ok' as const, uptime: Math.round(process.uptime()), ...build } };
    },
  );
};

export default routes;
