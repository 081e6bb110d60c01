/**
 * Checkout and orders (spec §3, §4, §5 "Ordering", §7 "Orders and data"), registered under /api.
 * This plugin is the one entry point of the feature (app.ts registers it once); it also registers the
 * address, billing and transport routes, each in its own folder (staff routes: ../staff, their own plugin).
 *
 * Customer routes (session required; someone else's order, document or file → 404):
 *   GET  /api/order/myOrders                all the customer's orders, newest first
 *   GET  /api/order/myActualOrders          received, started, review, modified
 *   GET  /api/order/myConfirmedOrders       accepted, waiting, shipped
 *   GET  /api/order/profile/finished        completed, cancelled, rejected, disarm
 *   POST /api/order                         create (spec §3 payload; priced by the server). Optional
 *                                           `Idempotency-Key` header: a repeat by the same customer answers
 *                                           201 with the order the key created (header Idempotent-Replayed),
 *                                           the same key with another body 422, a malformed key 400
 *   GET  /api/order/:id                     detail (owner or staff)
 *   POST /api/order/:id/accept | cancel | finish   (accept: 409 BUDGET_EXPIRED once the budget's validity passed)
 *   POST /api/order/:id/request-budget      the budget expired: ask the shop for an updated one (issue 24 §1)
 *   POST /api/order/:id/add { products }    additions (limits of lib/orders/additions)
 *   POST /api/order/:id/proof               multipart: proof of transfer (JPEG/PNG/WebP/PDF ≤ 10 MB)
 *   GET  /api/order/:id/documents/:docId/file   the stored file (owner or staff)
 * The services announce every change (server/events): a new order mails the customer and the shop
 * (services/order-mails), the staff board and open order pages refresh (realtime/board-events).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addProductsSchema,
  canUploadProof,
  createOrderSchema,
  CUSTOMER_ACTION_TARGET,
  idempotencyKeySchema,
  MAX_UPLOAD_BYTES,
  ORDER_GROUPS,
  PROOF_MIME_TYPES,
  type OrderState,
} from '../../../lib/orders';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../lib/api/order-attempt';
import { isStaffRole } from '../../auth/users';
import { HttpError } from '../../errors';
import { errorSchema } from '../../../lib/contracts/common';
import {
  addToOrder,
  createOrder,
  findFileDocument,
  insertFileDocument,
  moveOrder,
  orderAccess,
  requestBudgetUpdate,
} from '../../services/orders';
import { orderRequestHash } from '../../services/orders-idempotency';
import { ORDER_MESSAGES as M } from '../../services/orders-messages';
import { getOrderDetail, listCustomerOrders } from '../../services/orders-view';
import { readUpload } from '../../storage/upload';
import addressRoutes from '../addresses';
import billingRoutes from '../billing';
import transportRoutes from '../transports';
import { authErrors, documentParams, orderDetailSchema, orderDocumentSchema, orderIdParams, orderSummarySchema } from './schemas';
import { acceptEmptyJson, bearerSecurity, noStore } from '../personal';
import { routeDocs } from '../route-schema';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = routeDocs({ tags: ['pedidos'], security: bearerSecurity, errors: authErrors });
  const storage = app.orderFiles;

  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });

  acceptEmptyJson(app);

  noStore(app);

  const detailFor = async (orderId: number, userId: number) => {
    const detail = await getOrderDetail(app.db, orderId, { ownerId: userId });
    if (!detail) throw HttpError.notFound();
    return detail;
  };

  /* ------------------------------------------------------------ lists */

  const lists: [string, string, readonly OrderState[] | undefined][] = [
    ['/order/myOrders', 'Todos mis pedidos (el más nuevo primero)', undefined],
    ['/order/myActualOrders', 'Mis pedidos en curso: recibido, en preparación, presupuesto enviado, modificado', ORDER_GROUPS.actual],
    ['/order/myConfirmedOrders', 'Mis pedidos confirmados: aceptado, a la espera, despachado', ORDER_GROUPS.confirmed],
    ['/order/profile/finished', 'Mis pedidos terminados: completado, cancelado, rechazado, desarmado', ORDER_GROUPS.finished],
  ];
  for (const [url, summary, states] of lists) {
    app.get(
      url,
      {
        preHandler: app.authenticate,
        schema: doc(summary, { data: z.array(orderSummarySchema) }),
      },
      async (req) => ({ success: true as const, data: await listCustomerOrders(app.db, req.user!.id, states) }),
    );
  }

  /* ----------------------------------------------------------- create */

  app.post(
    '/order',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc('Crear un pedido: el servidor calcula los precios (lib/pricing) con los datos de la base', {
        description:
          'Cuerpo: `{ products: [{ id, quantity }], billingDataId, addressId = 1, transportId = -1, otherTransport = null, toSucc = true }`. ' +
          'toSucc = retiro en el local (sin dirección ni transporte). Con envío: dirección guardada del cliente y un transporte habilitado, ' +
          'o transportId -1 con otherTransport. Mínimos: minLocalPrice para retiro, minOrderPrice en CABA, minOrderPrice + IVA al interior. ' +
          'Se ignora cualquier precio que mande el cliente. ' +
          'Cabecera opcional `Idempotency-Key` (8 a 100 caracteres A-Z a-z 0-9 _ -, una por intento de compra): si el mismo ' +
          'cliente repite la clave, se responde 201 con el pedido que esa clave ya creó (cabecera `Idempotent-Replayed: true`) ' +
          'sin crear otro; la misma clave con otro cuerpo → 422; una clave mal formada → 400.',
        headers: z.looseObject({
          'idempotency-key': z
            .string()
            .optional()
            .describe('Clave de idempotencia del intento de compra (8 a 100 caracteres: letras, números, _ y -), p. ej. un UUID'),
        }),
        body: createOrderSchema,
        data: orderDetailSchema,
        status: 201,
        more: { 422: errorSchema.describe('La clave Idempotency-Key ya se usó con otro pedido distinto') },
      }),
    },
    async (req, reply) => {
      const user = req.user!;
      const rawKey = req.headers['idempotency-key'];
      let idem: { key: string; hash: string } | undefined;
      if (rawKey !== undefined) {
        const key = idempotencyKeySchema.safeParse(rawKey);
        if (!key.success) throw HttpError.badRequest(M.idempotencyKeyInvalid, 'IDEMPOTENCY_KEY_INVALID');
        idem = { key: key.data, hash: orderRequestHash(req.body) };
      }
      // a new order is announced by the service (mails, staff board); a replay announces nothing
      const { id, replayed } = await createOrder(app, user, req.body, idem);
      const data = await detailFor(id, user.id);
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.code(201).send({ success: true as const, message: M.created(data.number), data });
    },
  );

  /* ----------------------------------------------------------- detail */

  app.get(
    '/order/:id',
    {
      preHandler: app.authenticate,
      schema: doc(
        'Detalle de un pedido (su dueño o el personal): ítems, totales, documentos, historial, dirección, transporte, facturación',
        { params: orderIdParams, data: orderDetailSchema },
      ),
    },
    async (req) => {
      const user = req.user!;
      const staff = isStaffRole(user.role) && user.permissions.includes('orders:read');
      const data = await getOrderDetail(app.db, req.params.id, staff ? { forStaff: true } : { ownerId: user.id });
      if (!data) throw HttpError.notFound();
      return { success: true as const, data };
    },
  );

  /* ---------------------------------------------------- customer moves */

  const moves = [
    ['accept', 'Aceptar el presupuesto (presupuesto enviado → aceptado)', M.accepted],
    ['cancel', 'Cancelar el pedido (antes de que esté preparado y avisado)', M.cancelled],
    ['finish', 'Finalizar el pedido (despachado → completado)', M.finished],
  ] as const;
  for (const [action, summary, message] of moves) {
    app.post(
      `/order/:id/${action}`,
      {
        config: { invalidates: [] },
        preHandler: app.authenticate,
        schema: doc(summary, { params: orderIdParams, data: orderDetailSchema }),
      },
      async (req) => {
        const user = req.user!;
        await moveOrder(app, req.params.id, CUSTOMER_ACTION_TARGET[action], { userId: user.id, kind: 'customer' }, action);
        return { success: true as const, message, data: await detailFor(req.params.id, user.id) };
      },
    );
  }

  app.post(
    '/order/:id/request-budget',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc('Pedir un presupuesto actualizado (sólo el dueño del pedido y sólo con el presupuesto vencido); avisa al personal', { params: orderIdParams, data: orderDetailSchema }),
    },
    async (req) => {
      const user = req.user!;
      await requestBudgetUpdate(app, user, req.params.id);
      return { success: true as const, message: M.budgetUpdateRequested, data: await detailFor(req.params.id, user.id) };
    },
  );

  app.post(
    '/order/:id/add',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc(
        'Agregar productos a un pedido existente (sin límite antes de empezar; 3 en preparación; 1 con presupuesto; 1 preparado y avisado)',
        { params: orderIdParams, body: addProductsSchema, data: orderDetailSchema },
      ),
    },
    async (req) => {
      const user = req.user!;
      await addToOrder(app, user, req.params.id, req.body.products);
      return { success: true as const, message: M.added, data: await detailFor(req.params.id, user.id) };
    },
  );

  /* -------------------------------------------------------- documents */

  app.post(
    '/order/:id/proof',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc(
        'Subir el comprobante de transferencia (multipart, un archivo: JPG, PNG, WEBP o PDF, hasta 10 MB; se verifica el contenido)',
        { upload: true, params: orderIdParams, data: orderDocumentSchema, status: 201 },
      ),
    },
    async (req, reply) => {
      const user = req.user!;
      const access = await orderAccess(app.db, req.params.id);
      if (!access || access.userId !== user.id) throw HttpError.notFound();
      if (!canUploadProof(access.state)) throw new HttpError(409, M.proofState, { code: 'PROOF_STATE' });
      const file = await readUpload(req, { allowed: PROOF_MIME_TYPES, typeMessage: M.proofType, typeCode: 'PROOF_TYPE' });
      const key = await storage.save(req.params.id, file.data, file.mime, user.id);
      let docId: number;
      try {
        docId = await insertFileDocument(
          app,
          req.params.id,
          'proof',
          { key, fileName: file.fileName, mimeType: file.mime, size: file.data.length },
          { userId: user.id, kind: 'customer' },
        );
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      const detail = await detailFor(req.params.id, user.id);
      const doc = detail.documents.find((d) => d.id === docId)!;
      return reply.code(201).send({ success: true as const, message: M.proofSaved, data: doc });
    },
  );

  app.get(
    '/order/:id/documents/:docId/file',
    {
      preHandler: app.authenticate,
      schema: doc(
        'Descargar el archivo de un documento del pedido (su dueño o el personal)',
        { produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'], params: documentParams },
      ),
    },
    async (req, reply) => {
      const user = req.user!;
      const access = await orderAccess(app.db, req.params.id);
      const staff = isStaffRole(user.role) && user.permissions.includes('orders:read');
      if (!access || (!staff && access.userId !== user.id)) throw HttpError.notFound();
      const doc = await findFileDocument(app.db, req.params.id, req.params.docId);
      const file = doc ? await storage.open(doc.key) : null;
      if (!doc || !file) throw HttpError.notFound();
      const inline = doc.mimeType !== 'application/octet-stream';
      const ascii = doc.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', doc.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(file.stream);
    },
  );
};

const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(orderRoutes);
  await app.register(addressRoutes);
  await app.register(billingRoutes);
  await app.register(transportRoutes);
};

export default checkoutRoutes;
