/**
 * Staff exports (issue 32, item 6), each as CSV (Excel es-AR opens it as it is: server/lib/csv.ts) or XLSX
 * (exceljs streaming writer), with the same columns, filters and order as the screen it comes from, up to
 * MAX_EXPORT_ROWS; formula-looking text is neutralised in both (server/lib/sheet.ts):
 *
 *   GET /api/staff/orders/export?format=csv|xlsx&state&from&to&q&sort&assignee   orders:read — the board
 *   GET /api/staff/customers/export?format=csv|xlsx&q&vip&sort                   users:read  — the customers list
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CustomerSummary } from '../../../lib/contracts/staff-customers';
import { customersExportQuery, exportFormat, type SheetFormat } from '../../../lib/contracts/staff-exports';
import { ORDER_STATE_LABELS_ES } from '../../../lib/orders/states';
import { shopFilterBound } from '../../../lib/time';
import { sendSheet, sheetOf, type RowColumn } from '../../lib/sheet';
import { customersForExport } from '../../services/customers';
import { staffOrdersForExport } from '../../services/orders-view';
import { boardAssignee, boardQuery } from './board-query';
import { staffDoc } from './doc';

/** A year of a busy shop; more is a database dump, not a spreadsheet. */
const MAX_EXPORT_ROWS = 5000;

type OrderRow = Awaited<ReturnType<typeof staffOrdersForExport>>[number];

const ORDER_COLUMNS: RowColumn<OrderRow>[] = [
  { header: 'Número', kind: 'int', cell: (o) => o.number },
  { header: 'Fecha', kind: 'datetime', width: 16, cell: (o) => new Date(o.createdAt) },
  { header: 'Cliente', kind: 'text', width: 28, cell: (o) => `${o.customer.name} ${o.customer.lastname}`.trim() },
  { header: 'Email', kind: 'text', width: 30, cell: (o) => o.customer.email },
  { header: 'Documento', kind: 'text', width: 14, cell: (o) => o.documentNumber },
  { header: 'Estado', kind: 'text', width: 20, cell: (o) => ORDER_STATE_LABELS_ES[o.state] },
  { header: 'Entrega', kind: 'text', width: 18, cell: (o) => (o.toSucc ? 'Retira en el local' : 'Envío') },
  { header: 'Productos', kind: 'int', cell: (o) => o.itemCount },
  { header: 'Unidades', kind: 'int', cell: (o) => o.totalUnits },
  { header: 'Bultos', kind: 'int', cell: (o) => o.totalBoxes },
  { header: 'Subtotal', kind: 'pesos', width: 14, cell: (o) => o.subtotal },
  { header: 'Bonificación', kind: 'pesos', width: 14, cell: (o) => o.bonus },
  { header: 'IVA', kind: 'pesos', width: 14, cell: (o) => o.vat },
  { header: 'Total final', kind: 'pesos', width: 14, cell: (o) => o.finalTotal },
];

const CUSTOMER_COLUMNS: RowColumn<CustomerSummary>[] = [
  { header: 'Nombre', kind: 'text', width: 18, cell: (c) => c.name },
  { header: 'Apellido', kind: 'text', width: 18, cell: (c) => c.lastname },
  { header: 'Email', kind: 'text', width: 30, cell: (c) => c.email },
  { header: 'Teléfono', kind: 'text', width: 16, cell: (c) => c.contactNumber },
  { header: 'Documentos', kind: 'text', width: 24, cell: (c) => c.documents.join(' ') },
  { header: 'VIP', kind: 'text', width: 6, cell: (c) => (c.isVip ? 'Sí' : 'No') },
  { header: 'Pedidos', kind: 'int', cell: (c) => c.orderCount },
  { header: 'Último pedido', kind: 'datetime', width: 16, cell: (c) => (c.lastOrderAt ? new Date(c.lastOrderAt) : null) },
  { header: 'Alta', kind: 'datetime', width: 16, cell: (c) => new Date(c.createdAt) },
];

/** The file of the first MAX_EXPORT_ROWS rows; the services are asked for one more, to tell a cut export. */
function sendRows<T>(reply: FastifyReply, name: string, columns: readonly RowColumn<T>[], rows: readonly T[], format: SheetFormat) {
  return sendSheet(reply, sheetOf(name, columns, rows.slice(0, MAX_EXPORT_ROWS)), format, rows.length > MAX_EXPORT_ROWS);
}

const staffExports: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/orders/export',
    {
      preHandler: app.requirePermission('orders:read'),
      schema: staffDoc('Pedidos del tablero en CSV (Excel es-AR: ";" y coma decimal) o XLSX; mismos filtros y orden', { querystring: boardQuery.extend({ format: exportFormat }) }),
    },
    async (req, reply) => {
      const q = req.query;
      const from = q.from ? shopFilterBound(q.from) : undefined;
      const to = q.to ? shopFilterBound(q.to, true) : undefined;
      const assignee = boardAssignee(q.assignee, req.user!.id);
      const rows = await staffOrdersForExport(app.db, { state: q.state, from, to, q: q.q, sort: q.sort, assignee, payment: q.payment, deadline: q.deadline }, MAX_EXPORT_ROWS + 1);
      return sendRows(reply, 'pedidos', ORDER_COLUMNS, rows, q.format);
    },
  );

  app.get(
    '/customers/export',
    {
      preHandler: app.requirePermission('users:read'),
      schema: staffDoc('Clientes en CSV o XLSX (misma búsqueda, filtro VIP y orden que la lista)', { querystring: customersExportQuery }),
    },
    async (req, reply) => {
      const q = req.query;
      const vip = q.vip === undefined ? undefined : q.vip === 'true';
      const rows = await customersForExport(app.db, { q: q.q, vip, kind: 'customers', sort: q.sort }, MAX_EXPORT_ROWS + 1);
      return sendRows(reply, 'clientes', CUSTOMER_COLUMNS, rows, q.format);
    },
  );
};

export default staffExports;
