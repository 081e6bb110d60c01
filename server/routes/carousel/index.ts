import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses } from '../../../lib/contracts/common';
import { carouselImageSchema } from '../../../lib/contracts/catalogue';
import { listCarousel } from '../../services/catalogue';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/carouselImages',
    {
      config: { catalogueCache: true },
      schema: {
        tags: ['catálogo'],
        summary: 'Imágenes del carrusel de la portada, en orden',
        response: { 200: envelope(z.array(carouselImageSchema)), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await listCarousel(app.db) }),
  );
};

export default routes;
