/**
 * Back-in-stock alerts (issue 24 §3). A signed-in customer asks to be told when a product (or one of its
 * variations) without stock is back; staff see how many are waiting.
 *
 * - subscribe / unsubscribe / list: the customer's own rows of `stock_alerts`, keyed by (user, product,
 *   variation). Only a shown line whose availability (services/catalogue-lines) is `noStock` takes an alert:
 *   an unknown or hidden one is a 404, one that can be ordered a 409.
 * - the alert: `subscribeStockAlerts` listens to `catalogue.changed` (server/events), which every catalogue
 *   write emits with the products it touched (one edit, a bulk change, a new variation…), so no route calls
 *   this file. For each waiting alert of those products whose line can be ordered now, the row is deleted
 *   with `delete … returning` and only the rows this statement deleted are announced: two API processes
 *   (or two edits) never send the same alert twice. Each gets one bell notification and one mail linking the
 *   product page. A line still without stock (or hidden) keeps its alerts.
 */
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { StockAlert, StockAlertTarget, StockAlertCounts } from '../../lib/contracts/stock-alerts';
import type { Db } from '../db/client';
import { stockAlerts, users } from '../db/schema';
import { HttpError, MESSAGES } from '../errors';
import { stockAlertMail } from '../mail/stock-alert-template';
import { availability, groupExtras, rowLabel, rowsByIds, type CatalogueLine } from './catalogue-lines';
import { createNotification } from './notifications';

/** The line an alert waits for: the variation, else the product. */
const lineIdOf = (t: { productId: number; variationId: number | null }) => t.variationId ?? t.productId;

/** A product that is ordered through its variations counts as back once its own state allows it. */
const isBack = (row: CatalogueLine) => {
  const a = availability(row);
  return a === 'ok' || a === 'variable';
};

/** The line of a target, checked: the product is top-level, the variation is one of its own. 404 otherwise. */
async function targetLine(db: Db, target: StockAlertTarget): Promise<CatalogueLine> {
  const rows = await rowsByIds(db, [target.productId, ...(target.variationId === undefined ? [] : [target.variationId])]);
  const product = rows.get(target.productId);
  if (!product || product.parentId !== null) throw HttpError.notFound(MESSAGES.productNotFound);
  if (target.variationId === undefined) return product;
  const variation = rows.get(target.variationId);
  if (!variation || variation.parentId !== product.id) throw HttpError.notFound(MESSAGES.productNotFound);
  return variation;
}

const sameTarget = (userId: number, productId: number, variationId: number | null) =>
  and(
    eq(stockAlerts.userId, userId),
    eq(stockAlerts.productId, productId),
    variationId === null ? isNull(stockAlerts.variationId) : eq(stockAlerts.variationId, variationId),
  );

function view(row: typeof stockAlerts.$inferSelect): StockAlert {
  return { productId: row.productId, variationId: row.variationId, createdAt: row.createdAt.toISOString() };
}

/** The customer's alerts, newest first; of one product when `productId` is given. */
export async function listStockAlerts(db: Db, userId: number, productId?: number): Promise<StockAlert[]> {
  const rows = await db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), productId === undefined ? undefined : eq(stockAlerts.productId, productId)))
    .orderBy(sql`${stockAlerts.createdAt} desc`, sql`${stockAlerts.id} desc`);
  return rows.map(view);
}

/**
 * Waits for the target to be back. 404: unknown or hidden; 409: it can be ordered now. Asking twice is
 * harmless (`created` false the second time).
 */
export async function subscribeStockAlert(db: Db, userId: number, target: StockAlertTarget): Promise<{ alert: StockAlert; created: boolean }> {
  const line = await targetLine(db, target);
  const a = availability(line);
  if (a === 'hidden') throw HttpError.notFound(MESSAGES.productNotFound);
  if (a !== 'noStock') throw HttpError.conflict(MESSAGES.stockAlertInStock);
  const variationId = target.variationId ?? null;
  const [inserted] = await db
    .insert(stockAlerts)
    .values({ userId, productId: target.productId, variationId })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { alert: view(inserted), created: true };
  const [existing] = await db.select().from(stockAlerts).where(sameTarget(userId, target.productId, variationId)).limit(1);
  return { alert: view(existing!), created: false };
}

/** Cancels the customer's alert; false when there was none. */
export async function unsubscribeStockAlert(db: Db, userId: number, target: StockAlertTarget): Promise<boolean> {
  const gone = await db
    .delete(stockAlerts)
    .where(sameTarget(userId, target.productId, target.variationId ?? null))
    .returning({ id: stockAlerts.id });
  return gone.length > 0;
}

/** How many customers wait for each of these products: in total and per variation (staff list and editor). */
export async function stockAlertCounts(db: Db, productIds: readonly number[]): Promise<StockAlertCounts> {
  if (!productIds.length) return {};
  const rows = await db
    .select({ productId: stockAlerts.productId, variationId: stockAlerts.variationId, n: count() })
    .from(stockAlerts)
    .where(inArray(stockAlerts.productId, [...new Set(productIds)]))
    .groupBy(stockAlerts.productId, stockAlerts.variationId);
  const out: StockAlertCounts = {};
  for (const r of rows) {
    const entry = (out[r.productId] ??= { total: 0, product: 0, variations: {} });
    const n = Number(r.n);
    entry.total += n;
    if (r.variationId === null) entry.product += n;
    else entry.variations[r.variationId] = n;
  }
  return out;
}

const LOOKUP_SLICE = 10_000;
/** targets per claiming delete (two parameters each) */
const CLAIM_SLICE = 5_000;

interface SentAlert {
  userId: number;
  productId: number;
  variationId: number | null;
}

/**
 * Sends the alerts of these products (or of their parents' pages) whose line is back. Each alert is claimed
 * by deleting its row; only the rows this call deleted are announced. Returns what it sent.
 */
export async function sendStockAlerts(app: Pick<FastifyInstance, 'db' | 'realtime' | 'auth' | 'log'>, changedIds: readonly number[]): Promise<SentAlert[]> {
  const ids = [...new Set(changedIds)];
  if (!ids.length) return [];
  // a parent's change (its state) reaches the alerts of its variations: match both columns. A bulk change of
  // 20,000 rows is read in slices (two parameters per id, under the protocol's 65,535).
  const waiting: { productId: number; variationId: number | null }[] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_SLICE) {
    const slice = ids.slice(i, i + LOOKUP_SLICE);
    waiting.push(
      ...(await app.db
        .selectDistinct({ productId: stockAlerts.productId, variationId: stockAlerts.variationId })
        .from(stockAlerts)
        .where(or(inArray(stockAlerts.productId, slice), inArray(stockAlerts.variationId, slice)))),
    );
  }
  if (!waiting.length) return [];
  const targets = [...new Map(waiting.map((w) => [`${w.productId}:${w.variationId}`, w])).values()];
  const lines = await rowsByIds(app.db, targets.map(lineIdOf));
  const back = targets.filter((w) => {
    const line = lines.get(lineIdOf(w));
    return line !== undefined && isBack(line);
  });
  if (!back.length) return [];

  const claimed: SentAlert[] = [];
  for (let i = 0; i < back.length; i += CLAIM_SLICE) {
    claimed.push(
      ...(await app.db
        .delete(stockAlerts)
        .where(
          or(
            ...back
              .slice(i, i + CLAIM_SLICE)
              .map((b) => and(eq(stockAlerts.productId, b.productId), b.variationId === null ? isNull(stockAlerts.variationId) : eq(stockAlerts.variationId, b.variationId))),
          ),
        )
        .returning({ userId: stockAlerts.userId, productId: stockAlerts.productId, variationId: stockAlerts.variationId })),
    );
  }
  if (!claimed.length) return [];

  const extras = await groupExtras(app.db, claimed.map((c) => c.productId));
  const people = await app.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(claimed.map((c) => c.userId))]));
  const byId = new Map(people.map((p) => [p.id, p]));

  for (const alert of claimed) {
    const line = lines.get(lineIdOf(alert))!;
    const label = rowLabel(line);
    const slug = line.parentSlug ?? line.slug;
    const url = `/${extras.get(alert.productId)?.category ?? 'products'}/${slug}`;
    try {
      await createNotification(app, { userId: alert.userId, title: 'Volvió el stock', description: `Ya hay stock de ${label}. ¡Pedilo antes de que se agote!`, url });
    } catch (err) {
      app.log.error({ err, userId: alert.userId, productId: alert.productId }, 'no se pudo guardar el aviso de stock');
    }
    const person = byId.get(alert.userId);
    if (!person) continue;
    // started, not awaited: the staff's answer never waits for SMTP
    void app.auth
      .sendTo(person, 'stock-alert', (links) => stockAlertMail({ name: person.name, product: label, url: app.auth.siteLink(url) }, links))
      .catch((err: unknown) => app.log.error({ err, userId: alert.userId }, 'no se pudo enviar el mail de aviso de stock'));
  }
  return claimed;
}

/** The alerts go out after any catalogue write that touched products (server/events). */
export function subscribeStockAlerts(app: FastifyInstance): void {
  app.events.on('catalogue.changed', 'stock alerts', async (e) => {
    if (e.productIds?.length) await sendStockAlerts(app, e.productIds);
  });
}
