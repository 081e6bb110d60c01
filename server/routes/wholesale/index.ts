/**
 * Wholesale buying tools (issue 23 §1–2). Both answer previews and save nothing.
 *   POST /api/order/:id/reorder   "Volver a pedir": the order's lines at today's prices and rules (owner only;
 *                                 anybody else, staff included, 404)
 *   POST /api/quick-order         SKU + quantity lines as JSON `{ lines: [{ sku, quantity, row? }] }`, or one
 *                                 CSV/XLSX file as multipart (field `file`); guests welcome (guest tiers)
 *   GET  /api/price-list          the signed-in customer's price list at their own tiers, streamed as a file:
 *                                 ?format=pdf|xlsx&category={slug} (guests 401; unknown category 404)
 * Limits: 500 lines, 1 MB; anything malformed or oversized is a 400 with a Spanish message.
 */
import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { priceListQuerySchema, quickOrderRequestSchema, quickOrderResultSchema, reorderPreviewSchema } from '../../../lib/contracts/wholesale';
import { QUICK_ORDER_MAX_BYTES, QUICK_ORDER_MAX_LINES, type ParsedLines } from '../../../lib/wholesale/lines';
import { HttpError, MESSAGES } from '../../errors';
import { errorResponses, errorSchema } from '../../../lib/contracts/common';
import { categoryBySlug, priceListHeader, priceListRows } from '../../services/price-list';
import { PRICE_LIST_CONTENT_TYPES, priceListFileName, writePriceListPdf, writePriceListXlsx } from '../../services/price-list-files';
import { quickOrder } from '../../services/quick-order';
import { QUICK_ORDER_MESSAGES as M, readQuickOrderFile } from '../../services/quick-order-file';
import { reorderPreview } from '../../services/reorder';
import { orderIdParams } from '../orders/schemas';
import { bearerSecurity, noStore } from '../personal';
import { routeDocs } from '../route-schema';

/** Price list downloads per customer: a category at a time in both formats is a handful; a loop is not. */
export const PRICE_LIST_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

const wholesaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pedidos'];
  const doc = routeDocs({ tags, errors: errorResponses });
  const signedInDoc = routeDocs({ tags, security: bearerSecurity, errors: { ...errorResponses, 401: errorSchema.describe('Sin sesión') } });

  await app.register(multipart, { limits: { fileSize: QUICK_ORDER_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 10 } });

  // An oversized body or file is the customer's mistake, answered 400 in Spanish; the rest goes to the
  // app's error handler (plugins/error-handler).
  app.setErrorHandler((err: FastifyError) => {
    // thrown on to the app's handler, which writes the one envelope (message + code)
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw HttpError.badRequest(M.bodyTooLarge);
    throw err;
  });

  noStore(app);

  app.post(
    '/order/:id/reorder',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: signedInDoc('Volver a pedir: vista previa de un pedido propio con los precios y reglas de hoy (no guarda nada)', {
        params: orderIdParams,
        data: reorderPreviewSchema,
      }),
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
      schema: doc(`Pedido rápido: valida y cotiza hasta ${QUICK_ORDER_MAX_LINES} líneas SKU + cantidad (JSON o un archivo CSV/XLSX de hasta 1 MB)`, {
        description:
          'JSON: `{ lines: [{ sku, quantity, row? }] }`. Multipart: un archivo en el campo `file` (CSV separado por `;`, `,` o tabulador, ' +
          'o XLSX: primera hoja; encabezado opcional; columnas de SKU y cantidad por nombre o posición; las fórmulas no se calculan: se usa el valor guardado). ' +
          'SKU repetidos se suman. Con sesión, precios con las escalas del cliente (VIP incluidas); sin sesión, las de invitado.',
        consumes: ['application/json', 'multipart/form-data'],
        data: quickOrderResultSchema,
      }),
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

  app.get(
    '/price-list',
    {
      preHandler: app.authenticate,
      // a 10,000-product PDF takes seconds of CPU: counted per customer (after authentication), on every host
      config: {
        rateLimit: { ...PRICE_LIST_LIMIT, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `user:${req.user?.id ?? req.ip}` },
      },
      schema: signedInDoc('Lista de precios del cliente (PDF o XLSX) con sus escalas (VIP sólo para clientes VIP); catálogo completo o una categoría', {
        description:
          'Columnas: SKU, producto, variante, precio unitario (con descuento), cada escala como «desde N u. → precio» y estado (pocas unidades / sin stock). ' +
          'Los productos ocultos no aparecen. Se envía en streaming como adjunto con nombre fechado (lista-de-precios-AAAA-MM-DD.pdf).',
        querystring: priceListQuerySchema,
        produces: [PRICE_LIST_CONTENT_TYPES.pdf, PRICE_LIST_CONTENT_TYPES.xlsx],
        reply: z.unknown().describe('El archivo (PDF o XLSX), como adjunto'),
      }),
    },
    async (req, reply) => {
      const user = req.user!;
      const { format, category: slug } = req.query;
      const category = slug ? await categoryBySlug(app.db, slug) : null;
      if (slug && !category) throw HttpError.notFound(MESSAGES.categoryNotFound);
      const categoryId = category?.id ?? null;
      const header = await priceListHeader(app.db, { customerName: `${user.name} ${user.lastname}`.trim(), category, categoryId, isVip: user.isVip });
      const rows = priceListRows(app.db, { isVip: user.isVip, categoryId });
      const body = new PassThrough();
      const write = format === 'pdf' ? writePriceListPdf(body, header, rows) : writePriceListXlsx(body, header, rows);
      write.catch((err: unknown) => {
        req.log.error({ err }, 'price list');
        body.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header('content-type', PRICE_LIST_CONTENT_TYPES[format])
        // the storefront (another origin) reads the dated file name
        .header('access-control-expose-headers', 'content-disposition')
        .header('content-disposition', `attachment; filename="${priceListFileName(header, format, category ? slug! : null)}"`)
        .send(body);
    },
  );
};

export default wholesaleRoutes;
