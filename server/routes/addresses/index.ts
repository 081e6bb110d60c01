/**
 * The customer's saved addresses (spec §3 Address; §5 "An address must be saved, not just typed"):
 *   POST /api/address, GET /api/address/myAddresses, PUT /api/address/:id, DELETE /api/address/:id,
 *   PATCH /api/address/:id/default (the one preselected in the checkout).
 * Someone else's address → 404. Addresses used by orders are never rewritten in place: an edit archives
 * the old row and creates a new one (the answer carries the new id), and a delete archives it, so past
 * orders keep showing where they were sent. Archived addresses are not listed.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { addresses, orders } from '../../db/schema';
import { HttpError } from '../../errors';
import { envelope, idParams } from '../../../lib/contracts/common';
import { ORDER_MESSAGES as M } from '../../services/orders-messages';
import { addressBody, addressSchema, authErrors } from '../orders/schemas';

type AddressRow = typeof addresses.$inferSelect;

const view = (a: AddressRow) => ({
  id: a.id,
  province: a.province,
  city: a.city,
  street: a.street,
  number: a.number,
  postalCode: a.postalCode,
  floor: a.floor,
  extraData: a.extraData,
  state: a.state,
  isDefault: a.isDefault,
  createdAt: a.createdAt.toISOString(),
});

async function ownAddress(db: Db, id: number, userId: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId), eq(addresses.state, 'active')))
    .limit(1);
  if (!row) throw HttpError.notFound();
  return row;
}

async function usedByOrders(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.addressId, id)).limit(1);
  return Boolean(row);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['direcciones y facturación'];
  const security = [{ bearerAuth: [] }];
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/address/myAddresses',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Mis direcciones guardadas (activas)', security, response: { 200: envelope(z.array(addressSchema)), ...authErrors } },
    },
    async (req) => {
      const rows = await app.db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, req.user!.id), eq(addresses.state, 'active')))
        .orderBy(asc(addresses.id));
      return { success: true as const, data: rows.map(view) };
    },
  );

  app.post(
    '/address',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: { tags, summary: 'Guardar una dirección', security, body: addressBody, response: { 201: envelope(addressSchema), ...authErrors } },
    },
    async (req, reply) => {
      const fields = { ...req.body };
      delete fields.state;
      const [row] = await app.db.insert(addresses).values({ ...fields, userId: req.user!.id }).returning();
      return reply.code(201).send({ success: true as const, message: M.addressCreated, data: view(row!) });
    },
  );

  app.put(
    '/address/:id',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Editar una dirección (si la usa algún pedido se guarda como dirección nueva: mirá el id de la respuesta)',
        security,
        params: idParams,
        body: addressBody,
        response: { 200: envelope(addressSchema), ...authErrors },
      },
    },
    async (req) => {
      const userId = req.user!.id;
      const current = await ownAddress(app.db, req.params.id, userId);
      const { state, ...fields } = req.body;
      if (state === 'archived') {
        const [row] = await app.db.update(addresses).set({ state: 'archived' }).where(eq(addresses.id, current.id)).returning();
        return { success: true as const, message: M.saved, data: view(row!) };
      }
      if (await usedByOrders(app.db, current.id)) {
        const row = await app.db.transaction(async (tx) => {
          await tx.update(addresses).set({ state: 'archived' }).where(eq(addresses.id, current.id));
          const [created] = await tx.insert(addresses).values({ ...fields, userId }).returning();
          return created!;
        });
        return { success: true as const, message: M.saved, data: view(row) };
      }
      const [row] = await app.db.update(addresses).set(fields).where(eq(addresses.id, current.id)).returning();
      return { success: true as const, message: M.saved, data: view(row!) };
    },
  );


  app.patch(
    '/address/:id/default',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Elegir la dirección predeterminada (se preselecciona al comprar)',
        security,
        params: idParams,
        response: { 200: envelope(addressSchema), ...authErrors },
      },
    },
    async (req) => {
      const userId = req.user!.id;
      const current = await ownAddress(app.db, req.params.id, userId);
      // one default per customer (a partial unique index holds it): clear, then set, in one transaction
      const row = await app.db.transaction(async (tx) => {
        await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
        const [updated] = await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, current.id)).returning();
        return updated!;
      });
      return { success: true as const, message: M.saved, data: view(row) };
    },
  );

  app.delete(
    '/address/:id',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Borrar una dirección (si la usa algún pedido queda archivada)',
        security,
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...authErrors },
      },
    },
    async (req) => {
      const current = await ownAddress(app.db, req.params.id, req.user!.id);
      if (await usedByOrders(app.db, current.id)) {
        await app.db.update(addresses).set({ state: 'archived' }).where(eq(addresses.id, current.id));
      } else {
        await app.db.delete(addresses).where(eq(addresses.id, current.id));
      }
      return { success: true as const, message: M.addressDeleted };
    },
  );
};

export default routes;
