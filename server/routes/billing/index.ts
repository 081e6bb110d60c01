/**
 * The customer's billing data (spec §1 "a tax condition plus a CUIT, CUIL or DNI number", §5):
 *   GET /api/user/myBillingData, POST /api/billing, DELETE /api/billing/:id, PATCH /api/billing/:id/default.
 * CUIT/CUIL are checked with their check digit and DNI by format (lib/validation/cuit); numbers are
 * stored as digits and are unique across the shop: 409 'Ya tenemos registrado ese CUIT/CUIL/DNI'.
 * Billing data used by an order cannot be deleted (409).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDocumentNumber, isValidDocument, normalizeDocumentNumber } from '../../../lib/validation/cuit';
import { billingData, orders } from '../../db/schema';
import { HttpError } from '../../errors';
import { envelope, idParams } from '../../../lib/contracts/common';
import { ORDER_MESSAGES as M } from '../../services/orders-messages';
import { billingBody, billingSchema, authErrors } from '../orders/schemas';

type BillingRow = typeof billingData.$inferSelect;

const view = (b: BillingRow) => ({
  id: b.id,
  taxCondition: b.taxCondition,
  documentType: b.documentType,
  number: formatDocumentNumber(b.documentType, b.documentNumber),
  documentNumber: b.documentNumber,
  isDefault: b.isDefault,
  createdAt: b.createdAt.toISOString(),
});

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['direcciones y facturación'];
  const security = [{ bearerAuth: [] }];
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/user/myBillingData',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Mis datos de facturación', security, response: { 200: envelope(z.array(billingSchema)), ...authErrors } },
    },
    async (req) => {
      const rows = await app.db.select().from(billingData).where(eq(billingData.userId, req.user!.id)).orderBy(asc(billingData.id));
      return { success: true as const, data: rows.map(view) };
    },
  );

  app.post(
    '/billing',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Guardar datos de facturación (condición frente al IVA y CUIT, CUIL o DNI; el CUIT/CUIL se verifica con su dígito)',
        security,
        body: billingBody,
        response: { 201: envelope(billingSchema), ...authErrors },
      },
    },
    async (req, reply) => {
      const { taxCondition, documentType, number } = req.body;
      if (!isValidDocument(documentType, number)) throw HttpError.badRequest(M.invalidDocument(documentType), 'INVALID_DOCUMENT');
      const documentNumber = normalizeDocumentNumber(number);
      try {
        const [row] = await app.db
          .insert(billingData)
          .values({ userId: req.user!.id, taxCondition, documentType, documentNumber })
          .returning();
        return reply.code(201).send({ success: true as const, message: M.billingCreated, data: view(row!) });
      } catch (err) {
        if (isUniqueViolation(err)) throw HttpError.conflict(M.duplicateBilling);
        throw err;
      }
    },
  );


  app.patch(
    '/billing/:id/default',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Elegir los datos de facturación predeterminados (se preseleccionan al comprar)',
        security,
        params: idParams,
        response: { 200: envelope(billingSchema), ...authErrors },
      },
    },
    async (req) => {
      const userId = req.user!.id;
      const where = and(eq(billingData.id, req.params.id), eq(billingData.userId, userId));
      const [found] = await app.db.select({ id: billingData.id }).from(billingData).where(where).limit(1);
      if (!found) throw HttpError.notFound();
      const row = await app.db.transaction(async (tx) => {
        await tx.update(billingData).set({ isDefault: false }).where(and(eq(billingData.userId, userId), eq(billingData.isDefault, true)));
        const [updated] = await tx.update(billingData).set({ isDefault: true }).where(eq(billingData.id, found.id)).returning();
        return updated!;
      });
      return { success: true as const, message: M.saved, data: view(row) };
    },
  );

  app.delete(
    '/billing/:id',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Borrar datos de facturación (no si algún pedido los usa)',
        security,
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...authErrors },
      },
    },
    async (req) => {
      const where = and(eq(billingData.id, req.params.id), eq(billingData.userId, req.user!.id));
      const [row] = await app.db.select({ id: billingData.id }).from(billingData).where(where).limit(1);
      if (!row) throw HttpError.notFound();
      const [used] = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.billingDataId, row.id)).limit(1);
      if (used) throw HttpError.conflict(M.billingInUse, 'BILLING_IN_USE');
      await app.db.delete(billingData).where(eq(billingData.id, row.id));
      return { success: true as const, message: M.billingDeleted };
    },
  );
};

export default routes;
