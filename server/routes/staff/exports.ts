/**
 * Staff exports (issue 32, item 6), each as CSV (Excel es-AR opens it as it is: server/lib/csv.ts) or XLSX
 * (exceljs streaming writer), with the same columns, filters and order as the screen it comes from, up to
 * MAX_EXPORT_ROWS; formula-looking text is neutralised in both (server/lib/sheet.ts):
 *
 *   GET /api/staff/orders/export?format=csv|xlsx&state&from&to&q&sort&assignee   orders:read — the board
 *   GET /api/staff/customers/export?format=csv|xlsx&q&vip&sort                   users:read  — the customers list
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchText } from '../../../lib/contracts/common';
import { CUSTOMER_SORTS } from '../../../lib/admin/customer-filters';
import { ORDER_STATE_LABELS_ES } from '../../../lib/orders/states';
import { shopFilterBound } from '../../../lib/time';
import { sendSheet, SHEET_FORMATS, type Sheet, type SheetColumn } from '../../lib/sheet';
import { customersForExport } from '../../services/customers';
import { staffOrdersForExport } from '../../services/orders-view';
import { boardAssignee, boardQuery } from './board-query';
import { bearerSecurity } from '../personal';

/** A year of a busy shop; more is a database dump, not a spreadsheet. */
const MAX_EXPORT_ROWS = 5000;

const format = z.enum(SHEET_FORMATS).default('csv').describe('csv (por defecto) o xlsx');

const ORDER_COLUMNS: SheetColumn[] = [
  { header: 'Número', kind: 'int' },
  { header: 'Fecha', kind: 'datetime', width: 16 },
  { header: 'Cliente', kind: 'text', width: 28 },
  { header: 'Email', kind: 'text', width: 30 },
  { header: 'Documento', kind: 'text', width: 14 },
  { header: 'Estado', kind: 'text', width: 20 },
  { header: 'Entrega', kind: 'text', width: 18 },
  { header: 'Productos', kind: 'int' },
  { header: 'Unidades', kind: 'int' },
  { header: 'Bultos', kind: 'int' },
  { header: 'Subtotal', kind: 'pesos', width: 14 },
  { header: 'Bonificación', kind: 'pesos', width: 14 },
  { header: 'IVA', kind: 'pesos', width: 14 },
  { header: 'Total final', kind: 'pesos', width: 14 },
];

const CUSTOMER_COLUMNS: SheetColumn[] = [
  { header: 'Nombre', kind: 'text', width: 18 },
  { header: 'Apellido', kind: 'text', width: 18 },
  { header: 'Email', kind: 'text', width: 30 },
  { header: 'Teléfono', kind: 'text', width: 16 },
  { header: 'Documentos', kind: 'text', width: 24 },
  { header: 'VIP', kind: 'text', width: 6 },
  { header: 'Pedidos', kind: 'int' },
  { header: 'Último pedido', kind: 'datetime', width: 16 },
  { header: 'Alta', kind: 'datetime', width: 16 },
];

const customersQuery = z.object({
  q: searchText()
    .optional(),
  vip: z.enum(['true', 'false']).optional(),
  sort: z.enum(CUSTOMER_SORTS).optional(),
  format,
});

const staffExports: FastifyPluginAsyncZod = async (app) => {
  const tags = ['personal'];
  const security = bearerSecurity;

  app.get(
    '/orders/export',
    {
      preHandler: app.requirePermission('orders:read'),
      schema: {
        tags,
        summary: 'Pedidos del tablero en CSV (Excel es-AR: ";" y coma decimal) o XLSX; mismos filtros y orden',
        security,
        querystring: boardQuery.extend({ format }),
      },
    },
    async (req, reply) => {
      const q = req.query;
      const from = q.from ? shopFilterBound(q.from) : undefined;
      const to = q.to ? shopFilterBound(q.to, true) : undefined;
      const assignee = boardAssignee(q.assignee, req.user!.id);
      const rows = await staffOrdersForExport(app.db, { state: q.state, from, to, q: q.q, sort: q.sort, assignee, payment: q.payment, deadline: q.deadline }, MAX_EXPORT_ROWS + 1);
      const sheet: Sheet = {
        name: 'pedidos',
        columns: ORDER_COLUMNS,
        rows: rows.slice(0, MAX_EXPORT_ROWS).map((o) => [
          o.number,
          new Date(o.createdAt),
          `${o.customer.name} ${o.customer.lastname}`.trim(),
          o.customer.email,
          o.documentNumber,
          ORDER_STATE_LABELS_ES[o.state],
          o.toSucc ? 'Retira en el local' : 'Envío',
          o.itemCount,
          o.totalUnits,
          o.totalBoxes,
          o.subtotal,
          o.bonus,
          o.vat,
          o.finalTotal,
        ]),
      };
      return sendSheet(reply, sheet, q.format, rows.length > MAX_EXPORT_ROWS);
    },
  );

  app.get(
    '/customers/export',
    {
      preHandler: app.requirePermission('users:read'),
      schema: {
        tags,
        summary: 'Clientes en CSV o XLSX (misma búsqueda, filtro VIP y orden que la lista)',
        security,
        querystring: customersQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const vip = q.vip === undefined ? undefined : q.vip === 'true';
      const rows = await customersForExport(app.db, { q: q.q, vip, kind: 'customers', sort: q.sort }, MAX_EXPORT_ROWS + 1);
      const sheet: Sheet = {
        name: 'clientes',
        columns: CUSTOMER_COLUMNS,
        rows: rows.slice(0, MAX_EXPORT_ROWS).map((c) => [
          c.name,
          c.lastname,
          c.email,
          c.contactNumber,
          c.documents.join(' '),
          c.isVip ? 'Sí' : 'No',
          c.orderCount,
          c.lastOrderAt ? new Date(c.lastOrderAt) : null,
          new Date(c.createdAt),
        ]),
      };
      return sendSheet(reply, sheet, q.format, rows.length > MAX_EXPORT_ROWS);
    },
  );
};

export default staffExports;
