/**
 * The routes every kind of a customer's saved checkout records shares (addresses, billing data; spec §5):
 * list mine, save one, choose the default, delete one. Each resource plugin gives its paths, texts,
 * schemas and service; the logic lives in the services (server/services/addresses.ts, billing.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, messageOnly } from '../../lib/contracts/common';
import type { Db } from '../db/client';
import { ORDER_MESSAGES as M } from '../services/orders-messages';
import { authErrors } from './orders/schemas';
import { bearerSecurity, noStore } from './personal';
import { routeDocs } from './route-schema';

/** The schema of every route of a saved-records plugin, the shared ones and each resource's own. */
export const savedRecordsDoc = routeDocs({ tags: ['direcciones y facturación'], security: bearerSecurity, errors: authErrors });

interface SavedRecordRoutes<Body extends z.ZodType, View extends z.ZodType> {
  /** GET: the customer's records */
  listPath: string;
  /** POST here; PATCH `${path}/:id/default`, DELETE `${path}/:id` */
  path: string;
  body: Body;
  view: View;
  summaries: { list: string; create: string; setDefault: string; remove: string };
  messages: { created: string; deleted: string };
  list(db: Db, userId: number): Promise<z.output<View>[]>;
  create(db: Db, userId: number, input: z.output<Body>): Promise<z.output<View>>;
  setDefault(db: Db, userId: number, id: number): Promise<z.output<View>>;
  remove(db: Db, userId: number, id: number): Promise<void>;
}

/**
 * A plugin with the shared routes of `r`, plus the resource's own (`extra`, registered inside it: same
 * settings). The schemas validate and serialize as everywhere; the handlers are typed by `r` (the type
 * provider cannot resolve an answer type that is still generic here).
 */
export function savedRecordRoutes<Body extends z.ZodType, View extends z.ZodType>(
  r: SavedRecordRoutes<Body, View>,
  extra?: FastifyPluginAsyncZod,
): FastifyPluginAsync {
  type Id = { Params: z.output<typeof idParams> };
  return async (app) => {
    const write = { config: { invalidates: [] }, preHandler: app.authenticate };
    noStore(app);

    app.get(
      r.listPath,
      { preHandler: app.authenticate, schema: savedRecordsDoc(r.summaries.list, { data: z.array(r.view) }) },
      async (req) => ({ success: true as const, data: await r.list(app.db, req.user!.id) }),
    );

    app.post(
      r.path,
      { ...write, schema: savedRecordsDoc(r.summaries.create, { body: r.body, data: r.view, status: 201 }) },
      async (req, reply) => {
        const data = await r.create(app.db, req.user!.id, req.body as z.output<Body>);
        return reply.code(201).send({ success: true as const, message: r.messages.created, data });
      },
    );

    app.patch<Id>(
      `${r.path}/:id/default`,
      { ...write, schema: savedRecordsDoc(r.summaries.setDefault, { params: idParams, data: r.view }) },
      async (req) => ({ success: true as const, message: M.saved, data: await r.setDefault(app.db, req.user!.id, req.params.id) }),
    );

    app.delete<Id>(
      `${r.path}/:id`,
      { ...write, schema: savedRecordsDoc(r.summaries.remove, { params: idParams, reply: messageOnly }) },
      async (req) => {
        await r.remove(app.db, req.user!.id, req.params.id);
        return { success: true as const, message: r.messages.deleted };
      },
    );

    if (extra) await app.register(extra);
  };
}
