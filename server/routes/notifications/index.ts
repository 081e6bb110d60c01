/**
 * Notifications of the signed-in user (spec §3 Notification, §7 "Notifications and messages"), under /api:
 *
 *   GET  /api/notifications/client   the unviewed ones, newest first
 *   GET  /api/notification/:id       one of the user's own (404 otherwise)
 *   POST /api/notification/:id/mark  marks it as seen (404 when not the user's)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { errorResponses, errorSchema, idParams } from '../../../lib/contracts/common';
import { notificationSchema } from '../../../lib/contracts/notifications';
import { findOwn, listUnviewed, markOwn } from '../../services/notifications';
import { acceptEmptyJson, bearerSecurity, noStore } from '../personal';
import { routeDocs } from '../route-schema';

const NOTIFICATION_MESSAGES = { marked: 'Notificación marcada como vista' } as const;

const errors = { ...errorResponses, 401: errorSchema.describe('Sin sesión o sesión vencida') } as const;

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = routeDocs({ tags: ['notificaciones'], security: bearerSecurity, errors });

  acceptEmptyJson(app);

  noStore(app);

  app.get(
    '/notifications/client',
    {
      preHandler: app.authenticate,
      schema: doc('Mis notificaciones sin ver, la más nueva primero', { data: z.array(notificationSchema) }),
    },
    async (req) => ({ success: true as const, data: await listUnviewed(app.db, req.user!.id) }),
  );

  app.get(
    '/notification/:id',
    {
      preHandler: app.authenticate,
      schema: doc('Una de mis notificaciones', { params: idParams, data: notificationSchema }),
    },
    async (req) => {
      const data = await findOwn(app.db, req.user!.id, req.params.id);
      if (!data) throw HttpError.notFound();
      return { success: true as const, data };
    },
  );

  app.post(
    '/notification/:id/mark',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc('Marcar una notificación como vista', { params: idParams, data: notificationSchema }),
    },
    async (req) => {
      const data = await markOwn(app.db, req.user!.id, req.params.id);
      if (!data) throw HttpError.notFound();
      return { success: true as const, message: NOTIFICATION_MESSAGES.marked, data };
    },
  );
};

export default notificationRoutes;
