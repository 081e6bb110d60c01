/**
 * The shape of the public catalogue's small reads (categories, carousel, tags, config): one GET, answered
 * from the API's catalogue cache (plugins/catalogue-cache.ts), documented under «catálogo». The schema
 * serializes as everywhere; the handler is typed by `load` (the type provider cannot resolve a generic answer).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { errorResponses } from '../../lib/contracts/common';
import type { Db } from '../db/client';
import { routeDocs } from './route-schema';

/** The schema of a public catalogue read (also the product routes'). */
export const catalogueDoc = routeDocs({ tags: ['catálogo'], errors: errorResponses });

export function catalogueRead<Data extends z.ZodType>(
  url: string,
  summary: string,
  data: Data,
  load: (db: Db) => Promise<z.output<Data>>,
): FastifyPluginAsync {
  return async (app) => {
    app.get(
      url,
      { config: { catalogueCache: true }, schema: catalogueDoc(summary, { data }) },
      async () => ({ success: true as const, data: await load(app.db) }),
    );
  };
}
