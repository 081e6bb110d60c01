/**
 * Bulk price changes and the audit log (issue 24 §2), registered by ./index.ts under /api/staff:
 *
 *   POST /api/staff/prices/preview { selection, rule }        what the rule would change (nothing written)
 *   POST /api/staff/prices/apply { selection, rule }          the same, applied in one transaction + audit entry
 *   GET  /api/staff/prices/export?category&q&state            the selection's prices as CSV (SKU, Nombre,
 *                                                             Precio, Descuento, Tramo N unidades/precio, VIP N …)
 *   POST /api/staff/prices/import/preview                     multipart: the edited CSV → the same preview,
 *                                                             plus every bad row (nothing written)
 *   POST /api/staff/prices/import/apply                       multipart: the same CSV, applied
 *   GET  /api/staff/prices/last                               the newest audit entry (what undo would revert)
 *   POST /api/staff/prices/changes/:id/undo                   revert the newest change not undone yet
 *   GET  /api/staff/audit?actor&action&from&to&page           the audit log (audit:read: admin, superadmin)
 *   GET  /api/staff/audit/:id                                 one entry with its rows
 *
 * Price routes need products:write (superadmin, admin, employee); everyone else 403, guests 401. The logic
 * is services/bulk-prices.ts; the rules lib/prices; the shapes lib/contracts/price-changes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  auditEntryDetailSchema,
  auditListSchema,
  auditQuerySchema,
  auditEntrySchema,
  bulkPriceBodySchema,
  priceApplySchema,
  pricePreviewSchema,
  priceSelectionSchema,
} from '../../../lib/contracts/price-changes';
import { fromCents } from '../../../lib/money';
import { MAX_CSV_ROWS } from '../../../lib/prices/csv';
import { PRICE_MESSAGES as M } from '../../../lib/prices/messages';
import { shopDay } from '../../../lib/time';
import { HttpError } from '../../errors';
import { csvPesos, toCsv, type CsvCell } from '../../lib/csv';
import { errorSchema, idParams, intString, searchText } from '../../../lib/contracts/common';
import { getAuditEntry, latestPriceChange, listAudit, type AuditActor } from '../../services/audit';
import { applyCsv, applyRule, previewCsv, previewRule, selectionPrices, undoChange } from '../../services/bulk-prices';
import { staffDoc } from './doc';

/** A 10,000-product CSV is about 1 MB. */
const MAX_CSV_BYTES = 5 * 1024 * 1024;

async function readCsvUpload(req: FastifyRequest): Promise<{ bytes: Buffer; fileName: string | null }> {
  if (!req.isMultipart()) throw HttpError.badRequest(M.csvMissing);
  let found: { bytes: Buffer; fileName: string | null } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 5, fieldSize: 200 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0 && !found) found = { bytes, fileName: (part.filename ?? '').split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '') || null };
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.csvTooLarge);
    throw HttpError.badRequest(M.csvMissing);
  }
  if (!found) throw HttpError.badRequest(M.csvMissing);
  return found;
}

const exportQuery = z.object({
  category: intString().optional(),
  q: searchText()
    .optional(),
  state: priceSelectionSchema.shape.state,
});

const priceChanges: FastifyPluginAsyncZod = async (app) => {
  const canWrite = app.requirePermission('products:write');
  const canAudit = app.requirePermission('audit:read');
  const actorOf = (req: FastifyRequest): AuditActor => ({ id: req.user!.id, name: req.user!.name, lastname: req.user!.lastname, email: req.user!.email });
  const entryAnswer = async (id: number) => {
    const entry = await getAuditEntry(app.db, id);
    if (!entry) throw HttpError.notFound(M.entryNotFound);
    return auditEntrySchema.parse(entry); // drops the rows: the answer is the entry's summary
  };

  app.post(
    '/prices/preview',
    {
      config: { invalidates: [] },
      preHandler: canWrite,
      schema: staffDoc('Vista previa de un cambio de precios masivo (no guarda nada)', { body: bulkPriceBodySchema, data: pricePreviewSchema }),
    },
    async (req) => ({ success: true as const, data: await previewRule(app.db, req.body.selection, req.body.rule) }),
  );

  app.post(
    '/prices/apply',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: canWrite,
      schema: staffDoc(
        'Aplicar un cambio de precios masivo (una transacción, registrado en la auditoría; 409 si algún precio queda inválido)',
        { body: bulkPriceBodySchema, data: priceApplySchema },
      ),
    },
    async (req) => {
      const id = await applyRule(app, actorOf(req), req.body.selection, req.body.rule);
      return { success: true as const, message: M.applied, data: { entry: await entryAnswer(id) } };
    },
  );

  app.get(
    '/prices/export',
    {
      preHandler: canWrite,
      schema: staffDoc('Precios de la selección en CSV (SKU, Nombre, Precio, Descuento, tramos; Excel es-AR)', { querystring: exportQuery }),
    },
    async (req, reply) => {
      const rows = (await selectionPrices(app.db, { category: req.query.category, q: req.query.q, state: req.query.state })).slice(0, MAX_CSV_ROWS);
      const count = (vip: boolean) => Math.max(0, ...rows.map((r) => r.tiers.filter((t) => t.isVip === vip).length));
      const general = count(false);
      const vip = count(true);
      const header = ['SKU', 'Nombre', 'Precio', 'Descuento'];
      for (let i = 1; i <= general; i++) header.push(`Tramo ${i} unidades`, `Tramo ${i} precio`);
      for (let i = 1; i <= vip; i++) header.push(`VIP ${i} unidades`, `VIP ${i} precio`);
      const tierCells = (list: { units: number; cents: number }[], n: number): CsvCell[] =>
        Array.from({ length: n }, (_, i) => list[i]).flatMap((t) => (t ? [t.units, csvPesos(fromCents(t.cents))] : ['', '']));
      const csv = toCsv(
        header,
        rows.map((r) => [
          r.sku,
          r.name,
          csvPesos(fromCents(r.price)),
          r.discount === null ? '' : csvPesos(fromCents(r.discount)),
          ...tierCells(r.tiers.filter((t) => !t.isVip), general),
          ...tierCells(r.tiers.filter((t) => t.isVip), vip),
        ]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="precios-${shopDay(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .header('x-export-rows', String(rows.length))
        .send(csv);
    },
  );

  app.post(
    '/prices/import/preview',
    {
      config: { invalidates: [] },
      preHandler: canWrite,
      schema: staffDoc(
        'Vista previa de un CSV de precios editado: cambios y filas con errores (no guarda nada)',
        { consumes: ['multipart/form-data'], data: pricePreviewSchema, more: { 413: errorSchema } },
      ),
    },
    async (req) => {
      const { bytes } = await readCsvUpload(req);
      return { success: true as const, data: await previewCsv(app.db, bytes) };
    },
  );

  app.post(
    '/prices/import/apply',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: canWrite,
      schema: staffDoc(
        'Aplicar un CSV de precios (sólo si no tiene filas con errores; una transacción, registrado en la auditoría)',
        { consumes: ['multipart/form-data'], data: priceApplySchema, more: { 413: errorSchema } },
      ),
    },
    async (req) => {
      const { bytes, fileName } = await readCsvUpload(req);
      const id = await applyCsv(app, actorOf(req), bytes, fileName);
      return { success: true as const, message: M.applied, data: { entry: await entryAnswer(id) } };
    },
  );

  app.get(
    '/prices/last',
    {
      preHandler: canWrite,
      schema: staffDoc('El último cambio de precios registrado (el que se puede deshacer)', { data: z.object({ entry: auditEntrySchema.nullable() }) }),
    },
    async () => ({ success: true as const, data: { entry: await latestPriceChange(app.db) } }),
  );

  app.post(
    '/prices/changes/:id/undo',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: canWrite,
      schema: staffDoc(
        'Deshacer el último cambio de precios: un cambio nuevo, auditado; las filas editadas a mano después se dejan como están y se listan',
        { params: idParams, data: priceApplySchema },
      ),
    },
    async (req) => {
      const id = await undoChange(app, actorOf(req), req.params.id);
      return { success: true as const, message: M.undone, data: { entry: await entryAnswer(id) } };
    },
  );

  app.get(
    '/audit',
    {
      preHandler: canAudit,
      schema: staffDoc('Registro de auditoría (filtros: quién, qué, fechas)', { querystring: auditQuerySchema, data: auditListSchema }),
    },
    async (req) => ({ success: true as const, data: await listAudit(app.db, req.query) }),
  );

  app.get(
    '/audit/:id',
    {
      preHandler: canAudit,
      schema: staffDoc('Una entrada del registro de auditoría con sus filas (antes y después)', { params: idParams, data: auditEntryDetailSchema }),
    },
    async (req) => {
      const entry = await getAuditEntry(app.db, req.params.id);
      if (!entry) throw HttpError.notFound(M.entryNotFound);
      return { success: true as const, data: entry };
    },
  );
};

export default priceChanges;
