/**
 * GET /api/staff/orders/export — the board's orders as a CSV file (issue 32, item 6): the same filters and
 * order as the board (state, dates, search, sort), every page, up to MAX_EXPORT_ROWS; `orders:read`.
 * Opens in Excel (es-AR) as it is: server/lib/csv.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_STATE_LABELS_ES } from '../../../lib/orders/states';
import { SHOP_TIME_ZONE } from '../../../lib/locales';
import { shopDay, shopFilterBound } from '../../../lib/time';
import { csvPesos, toCsv } from '../../lib/csv';
import { staffOrdersForExport } from '../../services/orders-view';
import { boardQuery } from './board-query';

/** A year of a busy shop; more is a database dump, not a spreadsheet. */
const MAX_EXPORT_ROWS = 5000;

const HEADER = ['Número', 'Fecha', 'Cliente', 'Email', 'Documento', 'Estado', 'Entrega', 'Productos', 'Unidades', 'Bultos', 'Subtotal', 'Bonificación', 'IVA', 'Total final'];

const when = new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

const staffExports: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/export',
    {
      preHandler: app.requirePermission('orders:read'),
      schema: {
        tags: ['personal'],
        summary: 'Pedidos del tablero en CSV (mismos filtros y orden; Excel es-AR: ";" y coma decimal)',
        security: [{ bearerAuth: [] }],
        querystring: boardQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const from = q.from ? shopFilterBound(q.from) : undefined;
      const to = q.to ? shopFilterBound(q.to, true) : undefined;
      const rows = await staffOrdersForExport(app.db, { state: q.state, from, to, q: q.q, sort: q.sort, payment: q.payment }, MAX_EXPORT_ROWS + 1);
      const truncated = rows.length > MAX_EXPORT_ROWS;
      const csv = toCsv(
        HEADER,
        rows.slice(0, MAX_EXPORT_ROWS).map((o) => [
          o.number,
          when.format(new Date(o.createdAt)),
          `${o.customer.name} ${o.customer.lastname}`.trim(),
          o.customer.email,
          o.documentNumber,
          ORDER_STATE_LABELS_ES[o.state],
          o.toSucc ? 'Retira en el local' : 'Envío',
          o.itemCount,
          o.totalUnits,
          o.totalBoxes,
          csvPesos(o.subtotal),
          csvPesos(o.bonus),
          csvPesos(o.vat),
          csvPesos(o.finalTotal),
        ]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pedidos-${shopDay(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .header('x-export-rows', String(Math.min(rows.length, MAX_EXPORT_ROWS)))
        .header('x-export-truncated', truncated ? 'true' : 'false')
        .send(csv);
    },
  );
};

export default staffExports;
