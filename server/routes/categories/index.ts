import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses } from '../../../lib/contracts/common';
import { categorySchema } from '../../../lib/contracts/catalogue';
import { listCategories } from '../../services/catalogue';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/category/names',
    {
      config: { catalogueCache: true },
      schema: {
        tags: ['catálogo'],
        summary: 'Categorías en orden, con imagen y cantidad de productos visibles',
        response: { 200: envelope(z.array(categorySchema)), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await listCategories(app.db) }),
  );
};

export default routes;
