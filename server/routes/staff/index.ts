/**
 * Back-office API for staff: its own plugin, registered by server/app.ts under /api/staff (spec §6 roles). Every route needs a staff role
 * (superadmin, admin, employee, orderemployee: `app.requireStaff`) AND the permission of its area, as
 * the roles carry them in the database (server/db/seed/data.ts):
 * - orders (orders:read / orders:write): every staff role;
 * - products (products:write): superadmin, admin, employee;
 * - configuration (config:write): superadmin, admin.
 *
 *   GET   /api/staff/orders?state&from&to&q&page&rows   paged, newest first, with counts per state
 *   GET   /api/staff/orders/:id
 *   POST  /api/staff/orders/:id/state { to, reason?, confirmUnpaid? }   moves of lib/orders/states made by staff
 *         (a reason to reject or dismantle; confirmUnpaid to dispatch an unpaid shipment)
 *   /api/staff/orders/:id/payments…, /api/staff/orders/bulk-state: see ./payments.ts
 *   POST  /api/staff/orders/:id/budget { items: [{ itemId, quantity, unitPrice, missing }], bonus, boxes? }
 *   POST  /api/staff/orders/:id/remit { trackingNumber }
 *   POST  /api/staff/orders/:id/documents               multipart: kind (bill | other) + a PDF ≤ 10 MB
 *   GET   /api/staff/config   ·   PATCH /api/staff/config { minOrderPrice?, minLocalPrice?, maintaince?, budgetValidDays?, paymentDueDays? }
 *   /api/staff/products…  list, detail, create, duplicate, archive, delete, edit and images: see ./products/
 *   /api/staff/categories…  list, create, rename, order, image, delete when empty: see ./categories.ts
 *   /api/staff/search…    search synonyms and the search report: see ./search.ts
 *   /api/staff/orders/:id/notes…, …/assignee, /api/staff/team  staff-only notes and assignment: see ./team.ts
 *   /api/staff/prices…, /api/staff/audit…  bulk price changes (preview, apply, undo, CSV) and the audit log: ./price-changes.ts
 * The services announce every change (server/events): order changes reach the board, the order pages and
 * the customer's notifications; product and configuration changes drop the API's catalogue cache and
 * revalidate the storefront's cached pages.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopFilterBound } from '../../../lib/time';
import { MAX_UPLOAD_BYTES, STAFF_FILE_KINDS, STAFF_FILE_MIME_TYPES, type StaffFileKind } from '../../../lib/orders';
import { HttpError } from '../../errors';
import { pesosInput as pesos } from '../../../lib/contracts/common';
import { staffConfigBody } from '../../../lib/contracts/staff-settings';
import { staffConfigSchema } from '../../../lib/contracts/catalogue';
import { insertFileDocument, moveOrder, orderAccess, saveRemit, sendBudget, staffActor } from '../../services/orders';
import { ORDER_MESSAGES as M } from '../../services/orders-messages';
import { getStaffConfig, updateShopConfig } from '../../services/orders-staff';
import { listStaffOrders, staffOrderDetail } from '../../services/orders-view';
import { readUpload } from '../../storage/upload';
import categoryRoutes from './categories';
import productRoutes from './products';
import staffCustomers from './customers';
import staffExports from './exports';
import staffPayments from './payments';
import { boardAssignee, boardQuery } from './board-query';
import staffSearch from './search';
import staffSettings from './settings';
import staffTeam from './team';
import priceChanges from './price-changes';
import { orderDetailSchema, orderDocumentSchema, orderIdParams, staffOrderListSchema } from '../orders/schemas';
import { staffStateBodySchema } from '../../../lib/contracts/orders';
import { noStore } from '../personal';
import { staffDoc } from './doc';

/** The board's filters plus its page (the export takes the same filters without paging: ./board-query.ts). */
const listQuery = boardQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(20),
});

const budgetBody = z.object({
  items: z
    .array(
      z.object({
        itemId: z.number().int().min(1),
        quantity: z.number().int().min(1).max(100_000),
        unitPrice: pesos(20_000_000),
        missing: z.boolean().default(false),
      }),
    )
    .max(300)
    .default([]),
  bonus: pesos(90_000_000_000).default(0),
  boxes: z.number().int().min(0).max(10_000).optional(),
});


const routes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.orderFiles;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  noStore(app);

  const staffWith = (name: string) => app.requirePermission(name);

  const detail = (id: number) => staffOrderDetail(app.db, id);

  /* ----------------------------------------------------------- orders */

  app.get(
    '/orders',
    {
      preHandler: staffWith('orders:read'),
      schema: staffDoc('Pedidos (filtro por estado, fechas y búsqueda; paginado, el más nuevo primero; cantidad por estado)', { querystring: listQuery, data: staffOrderListSchema }),
    },
    async (req) => {
      const q = req.query;
      // days are the shop's (Buenos Aires), not UTC's: a bare `to` includes that whole day there
      const from = q.from ? shopFilterBound(q.from) : undefined;
      const to = q.to ? shopFilterBound(q.to, true) : undefined;
      const assignee = boardAssignee(q.assignee, req.user!.id);
      const data = await listStaffOrders(app.db, { state: q.state, from, to, q: q.q, sort: q.sort, assignee, payment: q.payment, deadline: q.deadline, page: q.page, rows: q.rows });
      return { success: true as const, data };
    },
  );

  app.get(
    '/orders/:id',
    {
      preHandler: staffWith('orders:read'),
      schema: staffDoc('Detalle de un pedido con los datos del cliente', { params: orderIdParams, data: orderDetailSchema }),
    },
    async (req) => ({ success: true as const, data: await detail(req.params.id) }),
  );

  app.post(
    '/orders/:id/state',
    {
      config: { invalidates: [] },
      preHandler: staffWith('orders:write'),
      schema: staffDoc(
        'Cambiar el estado (sólo los movimientos del personal en la tabla de lib/orders/states; presupuesto enviado se logra enviando un presupuesto)',
        { params: orderIdParams, body: staffStateBodySchema, data: orderDetailSchema },
      ),
    },
    async (req) => {
      const { to, reason, confirmUnpaid } = req.body;
      await moveOrder(app, req.params.id, to, staffActor(req.user!.id), 'state', { reason, confirmUnpaid });
      return { success: true as const, message: M.stateChanged, data: await detail(req.params.id) };
    },
  );

  app.post(
    '/orders/:id/budget',
    {
      config: { invalidates: [] },
      preHandler: staffWith('orders:write'),
      schema: staffDoc(
        'Enviar el presupuesto: cantidades, precios unitarios, faltantes, bonificación y bultos; el pedido pasa a presupuesto enviado',
        { params: orderIdParams, body: budgetBody, data: orderDetailSchema },
      ),
    },
    async (req) => {
      await sendBudget(app, req.params.id, req.body, staffActor(req.user!.id));
      return { success: true as const, message: M.budgetSent, data: await detail(req.params.id) };
    },
  );

  app.post(
    '/orders/:id/remit',
    {
      config: { invalidates: [] },
      preHandler: staffWith('orders:write'),
      schema: staffDoc(
        'Cargar el remito con el número de seguimiento',
        {
          params: orderIdParams,
          body: z.object({
          trackingNumber: z
            .string()
            .trim()
            .min(1)
            .max(100)
            .refine((s) => !s.includes('\u0000')),
        }),
          data: orderDetailSchema,
        },
      ),
    },
    async (req) => {
      await saveRemit(app, req.params.id, req.body.trackingNumber, staffActor(req.user!.id));
      return { success: true as const, message: M.remitSaved, data: await detail(req.params.id) };
    },
  );

  app.post(
    '/orders/:id/documents',
    {
      config: { invalidates: [] },
      preHandler: staffWith('orders:write'),
      schema: staffDoc(
        'Subir la factura u otro documento (multipart: campo kind = bill | other y un PDF de hasta 10 MB)',
        { upload: true, params: orderIdParams, querystring: z.object({ kind: z.enum(STAFF_FILE_KINDS).optional() }), data: orderDocumentSchema, status: 201 },
      ),
    },
    async (req, reply) => {
      if (!(await orderAccess(app.db, req.params.id))) throw HttpError.notFound();
      const file = await readUpload(req, { allowed: STAFF_FILE_MIME_TYPES, typeMessage: M.pdfOnly, typeCode: 'PDF_ONLY' });
      const kind = (file.fields.kind ?? req.query.kind) as StaffFileKind | undefined;
      if (!kind || !(STAFF_FILE_KINDS as readonly string[]).includes(kind)) throw HttpError.badRequest();
      const key = await storage.save(req.params.id, file.data, file.mime, req.user!.id);
      let docId: number;
      try {
        docId = await insertFileDocument(
          app,
          req.params.id,
          kind,
          { key, fileName: file.fileName, mimeType: file.mime, size: file.data.length },
          staffActor(req.user!.id),
        );
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      const data = (await detail(req.params.id)).documents.find((d) => d.id === docId)!;
      return reply.code(201).send({ success: true as const, message: M.documentSaved, data });
    },
  );

  /* ------------------------------------------------ config and products */

  app.get(
    '/config',
    {
      preHandler: app.requireStaff,
      schema: staffDoc('Configuración de la tienda y los plazos de presupuestos y pagos', { data: staffConfigSchema }),
    },
    async () => ({ success: true as const, data: await getStaffConfig(app.db) }),
  );

  app.patch(
    '/config',
    {
      config: { invalidates: ['config'] },
      preHandler: staffWith('config:write'),
      schema: staffDoc(
        'Cambiar mínimos de compra (pesos), modo mantenimiento (revalida la tienda) y los plazos: días de validez del presupuesto y días para pagar',
        { body: staffConfigBody, data: staffConfigSchema },
      ),
    },
    async (req) => {
      const config = await updateShopConfig(app, req.body);
      return { success: true as const, message: M.configSaved, data: config };
    },
  );

  // products:write tools (list, detail, edit, images): ./products/, sharing this scope's multipart parser
  await app.register(productRoutes);
  // categories (products:write): ./categories.ts
  await app.register(categoryRoutes);
  // customers (users:read/write, roles:write) and storefront settings (carousel, tags, transports)
  await app.register(staffCustomers);
  await app.register(staffExports);
  // staff-only notes, assignment and the team list (issue 32 item 4): ./team.ts
  await app.register(staffTeam);
  // payments and the bulk state change (issue 32, items 2 and 6)
  await app.register(staffPayments);
  await app.register(staffSettings);
  await app.register(staffSearch);
  await app.register(priceChanges);
};

export default routes;
