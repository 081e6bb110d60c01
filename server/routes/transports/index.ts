/**
 * GET /api/transport/names — the shipping options of the checkout (spec §3 Shipping option: id, name,
 * fatherId, isAble). Fathers first, each followed by its children; a child of a disabled father is
 * reported disabled ('Transporte deshabilitado' when chosen anyway). Public: no personal data.
 */
import { asc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transports } from '../../db/schema';
import { errorResponses } from '../../../lib/contracts/common';
import { transportSchema } from '../orders/schemas';
import { routeDocs } from '../route-schema';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transport/names',
    {
      schema: routeDocs({ tags: ['pedidos'], errors: errorResponses })('Transportes para el envío (id, name, fatherId, isAble)', { data: z.array(transportSchema) }),
    },
    async (_req, reply) => {
      const rows = await app.db
        .select({ id: transports.id, name: transports.name, fatherId: transports.fatherId, isAble: transports.isAble })
        .from(transports)
        .orderBy(sql`coalesce(${transports.fatherId}, ${transports.id})`, sql`${transports.fatherId} nulls first`, asc(transports.id));
      const able = new Map(rows.map((r) => [r.id, r.isAble]));
      reply.header('cache-control', 'public, max-age=60');
      return {
        success: true as const,
        data: rows.map((r) => ({ ...r, isAble: r.isAble && (r.fatherId === null || able.get(r.fatherId) !== false) })),
      };
    },
  );
};

export default routes;
