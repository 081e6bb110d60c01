import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses } from '../../../lib/contracts/common';
import { tagSchema } from '../../../lib/contracts/catalogue';
import { listTags } from '../../services/catalogue';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tags',
    {
      config: { catalogueCache: true },
      schema: {
        tags: ['catálogo'],
        summary: 'Etiquetas de búsqueda populares del pie de página',
        response: { 200: envelope(z.object({ items: z.array(tagSchema) })), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: { items: await listTags(app.db) } }),
  );
};

export default routes;
