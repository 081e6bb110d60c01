import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorResponses } from '../../../lib/contracts/common';
import { configSchema } from '../../../lib/contracts/catalogue';
import { getConfig } from '../../services/catalogue';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      config: { catalogueCache: true },
      schema: {
        tags: ['catálogo'],
        summary: 'Mínimos de compra (pesos) y modo mantenimiento (`maintaince`)',
        response: { 200: envelope(configSchema), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await getConfig(app.db) }),
  );
};

export default routes;
