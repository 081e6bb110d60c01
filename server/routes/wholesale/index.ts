/**
 * Wholesale buying tools (issue 23 §1–2). Both answer previews and save nothing.
 *   POST /api/order/:id/reorder   "Volver a pedir": the order's lines at today's prices and rules (owner only;
 *                                 anybody else, staff included, 404)
 *   POST /api/quick-order         SKU + quantity lines as JSON `{ lines: [{ sku, quantity, row? }] }`, or one
 *                                 CSV/XLSX file as multipart (field `file`); guests welcome (guest tiers)
 * Limits: 500 lines, 1 MB; anything malformed or oversized is a 400 with a Spanish message.
 */
import multipart from '@fastify/multipart';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quickOrderRequestSchema, quickOrderResultSchema, reorderPreviewSchema } from '../../../lib/contracts/wholesale';
import { QUICK_ORDER_MAX_BYTES, QUICK_ORDER_MAX_LINES, type ParsedLines } from '../../../lib/wholesale/lines';
import { HttpError } from '../../errors';
import { envelope, errorResponses, errorSchema } from '../../schemas/common';
import { quickOrder } from '../../services/quick-order';
import { QUICK_ORDER_MESSAGES as M, readQuickOrderFile } from '../../services/quick-order-file';
import { reorderPreview } from '../../services/reorder';
import { orderIdParams } from '../orders/schemas';

const wholesaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pedidos'];

  await app.register(multipart, { limits: { fileSize: QUICK_ORDER_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 10 } });

  // An oversized body or file is the customer's mistake, answered 400 in Spanish; the rest goes to the
  // app's error handler (plugins/error-handler).
  app.setErrorHandler((err: FastifyError) => {
    // thrown on to the app's handler, which writes the one envelope (message + code)
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw HttpError.badRequest(M.bodyTooLarge);
    throw err;
  });

  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.post(
    '/order/:id/reorder',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Volver a pedir: vista previa de un pedido propio con los precios y reglas de hoy (no guarda nada)',
        security: [{ bearerAuth: [] }],
        params: orderIdParams,
        response: { 200: envelope(reorderPreviewSchema), ...errorResponses, 401: errorSchema.describe('Sin sesión') },
      },
    },
    async (req) => {
      const user = req.user!;
      const data = await reorderPreview(app.db, req.params.id, user);
      if (!data) throw HttpError.notFound();
      return { success: true as const, data };
    },
  );

  app.post(
    '/quick-order',
    {
      config: { invalidates: [] },
      preHandler: app.optionalAuth,
      bodyLimit: QUICK_ORDER_MAX_BYTES,
      schema: {
        tags,
        summary: `Pedido rápido: valida y cotiza hasta ${QUICK_ORDER_MAX_LINES} líneas SKU + cantidad (JSON o un archivo CSV/XLSX de hasta 1 MB)`,
        description:
          'JSON: `{ lines: [{ sku, quantity, row? }] }`. Multipart: un archivo en el campo `file` (CSV separado por `;`, `,` o tabulador, ' +
          'o XLSX: primera hoja; encabezado opcional; columnas de SKU y cantidad por nombre o posición; las fórmulas no se calculan: se usa el valor guardado). ' +
          'SKU repetidos se suman. Con sesión, precios con las escalas del cliente (VIP incluidas); sin sesión, las de invitado.',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: envelope(quickOrderResultSchema), ...errorResponses },
      },
    },
    async (req) => {
      let parsed: Pick<ParsedLines, 'lines' | 'rejected'>;
      if (req.isMultipart()) {
        let data: Buffer | null = null;
        try {
          const file = await req.file();
          if (file) data = await file.toBuffer();
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw HttpError.badRequest(M.tooLarge);
          throw HttpError.badRequest(M.noFile);
        }
        if (!data) throw HttpError.badRequest(M.noFile);
        parsed = await readQuickOrderFile(data);
      } else {
        const body = quickOrderRequestSchema.safeParse(req.body);
        if (!body.success) {
          const tooMany = Array.isArray((req.body as { lines?: unknown } | null)?.lines) && (req.body as { lines: unknown[] }).lines.length > QUICK_ORDER_MAX_LINES;
          throw HttpError.badRequest(tooMany ? M.tooManyLines : M.badLines);
        }
        parsed = { lines: body.data.lines.map((l, i) => ({ row: l.row ?? i + 1, sku: l.sku, quantity: l.quantity })), rejected: [] };
      }
      const data = await quickOrder(app.db, parsed.lines, { isVip: req.user?.isVip ?? false, rejected: parsed.rejected });
      return { success: true as const, data };
    },
  );
};

export default wholesaleRoutes;
