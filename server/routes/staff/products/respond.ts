/** What every staff product route shares: its OpenAPI tags, the permission guard, the 400 of our rules, the answer after a write. */
import type { FastifyInstance } from 'fastify';
import { HttpError, MESSAGES } from '../../../errors';
import { catalogueChanged, type CatalogueChange } from '../../../services/catalogue-changes';
import { productDetail } from '../../../services/staff-products';
import type { CatalogueArea } from '../../../plugins/catalogue-cache';


const catalogueMessages = new Set<string>(Object.values(MESSAGES));

/** A rule of ours failed during body validation (routes use attachValidation): answer its Spanish message, else the generic one. */
export function rejectInvalid(err: unknown): never {
  const issues = (err as { validation?: { message?: string }[] }).validation ?? [];
  const specific = issues.map((i) => i.message).find((m): m is string => typeof m === 'string' && catalogueMessages.has(m));
  throw HttpError.badRequest(specific ?? MESSAGES.badParams);
}

export function productRouteKit(app: FastifyInstance) {
  const announce = (change: CatalogueChange) => catalogueChanged(app, change);
  const guard = app.requirePermission('products:write');
  return {
    guard,
    /** The route options of a write: the permission, and the catalogue areas it invalidates. */
    write: { config: { invalidates: ['products', 'categories'] as CatalogueArea[] }, preHandler: guard },
    announce,
    /** After a committed write: announce it (catalogue cache, storefront) and answer the product. */
    saved: async (id: number, extraCategorySlugs: string[] = [], visibilityChanged = false) => {
      await announce({ kind: 'product', productId: id, extraCategorySlugs, visibilityChanged });
      const data = await productDetail(app.db, id);
      if (!data) throw HttpError.notFound(MESSAGES.productNotFound);
      return { success: true as const, message: MESSAGES.saved, data };
    },
  };
}
