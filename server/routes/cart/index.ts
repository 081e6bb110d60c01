/**
 * The signed-in customer's saved cart (issue 23 §4), always the caller's own (no id in the path: another
 * customer's cart cannot even be named). Guests 401: their cart lives in the browser only (spec §4).
 *   GET /api/cart   the saved cart, priced now at the customer's tiers
 *   PUT /api/cart   { baseVersion, mode, lines: [{ id, units }] }: per-line changes (or the sign-in merge);
 *                   answers the merged cart with its new version (stale: true when the base was not the latest)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartWriteSchema, savedCartSchema } from '../../../lib/contracts/cart';
import { errorResponses, errorSchema } from '../../../lib/contracts/common';
import { readCart, writeCart } from '../../services/saved-cart';
import { bearerSecurity, noStore } from '../personal';
import { routeDocs } from '../route-schema';

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = routeDocs({ tags: ['carrito'], security: bearerSecurity, errors: { ...errorResponses, 401: errorSchema.describe('Sin sesión') } });

  noStore(app);

  app.get(
    '/cart',
    {
      preHandler: app.authenticate,
      schema: doc('Mi carrito guardado, con los precios de hoy', { data: savedCartSchema }),
    },
    async (req) => ({ success: true as const, data: await readCart(app.db, req.user!) }),
  );

  app.put(
    '/cart',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc(
        'Guarda cambios de mi carrito (por línea; gana la última escritura de cada línea) o une el carrito del dispositivo al ingresar',
        { body: cartWriteSchema, data: savedCartSchema },
      ),
    },
    async (req) => ({ success: true as const, data: await writeCart(app.db, req.user!, req.body) }),
  );
};

export default cartRoutes;
