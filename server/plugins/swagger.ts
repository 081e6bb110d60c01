/**
 * OpenAPI document generated from the routes' zod schemas (`app.swagger()`); served (UI at /docs, JSON at
 * /docs/json) only when `ui` is on: API_DOCS=1, set by `npm run dev`. A production start does not publish
 * its route map to everyone.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp<{ ui: boolean }>(
  async (app, opts) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Tienda mayorista — API',
          description:
            'API de la tienda (sahumerios, velas y productos esotéricos). Respuestas `{ success, message?, data? }`; ' +
            'los importes son pesos (ARS) con hasta dos decimales. Todo error (validación, 401, 403, 404, 409, 429, 500, ' +
            '503) responde `{ success: false, message, code }`: `message` en castellano para mostrar, `code` estable ' +
            'para programas (p. ej. `BAD_PARAMS`, `SESSION_EXPIRED`, `FORBIDDEN`, `NOT_FOUND`, `WRONG_CREDENTIALS`, ' +
            '`DUPLICATE_BILLING_ID`; la lista completa en el esquema `code` de cada respuesta de error, lib/contracts/errors.ts).',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Token de sesión (userToken)' },
          },
        },
        tags: [
          { name: 'catálogo', description: 'Productos, categorías, carrusel, etiquetas y configuración' },
          { name: 'sistema', description: 'Estado del servicio' },
        ],
      },
      transform: jsonSchemaTransform,
    });
    if (opts.ui) await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
