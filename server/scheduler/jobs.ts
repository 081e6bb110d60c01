/**
 * The built-in periodic jobs (server/scheduler). Each is safe to run on any host and to run late; the
 * scheduler runs it once per tick across every host.
 */
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carouselImages, categories, mailQueue, oneTimeTokens, orderDocuments, productImages } from '../db/schema';
import type { BlobStorage } from '../storage/blobs';
import type { Job } from './index';
import { pruneRefreshTokens } from '../auth/refresh-tokens';
import type { EventBus } from '../events';
import { remindDeadlines } from '../services/order-deadlines';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a used or expired one-time link is kept (a late click still reads "expirado", not "inválido"). */
export const TOKEN_RETENTION_MS = 7 * DAY;
/** How long a mail SMTP refused for good is kept for inspection. */
const FAILED_MAIL_RETENTION_MS = 30 * DAY;
/** An object younger than this is never pruned: its row may be on its way (save writes the object first). */
export const ORPHAN_GRACE_MS = HOUR;

export async function cleanOneTimeTokens(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TOKEN_RETENTION_MS);
  const gone = await db
    .delete(oneTimeTokens)
    .where(sql`${oneTimeTokens.expiresAt} < ${before} or ${oneTimeTokens.usedAt} < ${before}`)
    .returning({ id: oneTimeTokens.id });
  return gone.length;
}

export async function pruneFailedMails(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(mailQueue)
    .where(and(sql`${mailQueue.failedAt} is not null`, lt(mailQueue.failedAt, new Date(now.getTime() - FAILED_MAIL_RETENTION_MS))))
    .returning({ id: mailQueue.id });
  return gone.length;
}

/**
 * Objects nothing refers to any more (an order document whose row was never written or was deleted with its
 * order, a product or carousel image removed while the store was down, a crash between the object and its row).
 * Only names this shop generates are considered, never the seed's shared images.
 */
const PRUNABLE: { prefix: string; name: RegExp; referenced: (db: Db, keys: string[]) => Promise<Set<string>> }[] = [
  {
    prefix: 'private/orders',
    name: /^private\/orders\/[1-9][0-9]*\/[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/,
    referenced: async (db, keys) => {
      const rows = await db.select({ key: orderDocuments.fileUrl }).from(orderDocuments).where(inArray(orderDocuments.fileUrl, keys.map((k) => k.slice('private/'.length))));
      return new Set(rows.map((r) => `private/${r.key}`));
    },
  },
  {
    prefix: 'uploads/products',
    name: /^uploads\/products\/p[1-9][0-9]*-[0-9a-f]{16}\.webp$/,
    referenced: async (db, keys) => {
      const rows = await db.select({ url: productImages.url }).from(productImages).where(inArray(productImages.url, keys.map((k) => `/${k}`)));
      return new Set(rows.map((r) => r.url.slice(1)));
    },
  },
  {
    prefix: 'uploads/categories',
    name: /^uploads\/categories\/c[1-9][0-9]*-[0-9a-f]{16}\.webp$/,
    referenced: async (db, keys) => {
      const rows = await db.select({ url: categories.image }).from(categories).where(inArray(categories.image, keys.map((k) => `/${k}`)));
      return new Set(rows.map((r) => r.url!.slice(1)));
    },
  },
  {
    prefix: 'uploads/carousel',
    name: /^uploads\/carousel\/up-[0-9a-f-]{36}\.webp$/,
    referenced: async (db, keys) => {
      const rows = await db.select({ url: carouselImages.url }).from(carouselImages).where(inArray(carouselImages.url, keys.map((k) => `/${k}`)));
      return new Set(rows.map((r) => r.url.slice(1)));
    },
  },
];

export async function pruneOrphanObjects(db: Db, storage: BlobStorage, now = new Date()): Promise<string[]> {
  const removed: string[] = [];
  for (const p of PRUNABLE) {
    const candidates: string[] = [];
    for await (const o of storage.store.list(p.prefix)) {
      if (p.name.test(o.key) && now.getTime() - o.lastModified.getTime() > ORPHAN_GRACE_MS) candidates.push(o.key);
    }
    for (let i = 0; i < candidates.length; i += 500) {
      const batch = candidates.slice(i, i + 500);
      const used = await p.referenced(db, batch);
      for (const key of batch) {
        if (used.has(key)) continue;
        await storage.remove(key);
        removed.push(key);
      }
    }
  }
  return removed;
}

export const BUILT_IN_JOBS: Job[] = [
  {
    name: 'one-time-tokens:clean',
    everyMs: HOUR,
    run: async ({ db, log }) => {
      const n = await cleanOneTimeTokens(db);
      if (n) log.info({ job: 'one-time-tokens:clean', removed: n }, 'enlaces de un solo uso vencidos borrados');
    },
  },
  {
    name: 'refresh-tokens:prune',
    everyMs: HOUR,
    run: async ({ db, log }) => {
      const n = await pruneRefreshTokens(db);
      if (n) log.info({ job: 'refresh-tokens:prune', removed: n }, 'tokens de renovación vencidos, revocados o rotados borrados');
    },
  },
  {
    name: 'mail-queue:prune',
    everyMs: DAY,
    run: async ({ db, log }) => {
      const n = await pruneFailedMails(db);
      if (n) log.info({ job: 'mail-queue:prune', removed: n }, 'mails fallidos antiguos borrados');
    },
  },
];

/** Needs the blob storage, so server/main.ts registers it with the app's. */
export function orphanObjectsJob(storage: BlobStorage): Job {
  return {
    name: 'blobs:prune-orphans',
    everyMs: HOUR,
    run: async ({ db, log }) => {
      const removed = await pruneOrphanObjects(db, storage);
      if (removed.length) log.info({ job: 'blobs:prune-orphans', removed: removed.length }, 'archivos sin referencia borrados');
    },
  };
}

/** How often the order deadlines are checked: a reminder leaves at most this late. */
const ORDER_DEADLINES_EVERY_MS = 10 * 60_000;

/**
 * Budget-expiry and payment-due reminders (issue 24 §1, services/order-deadlines). Needs the event bus (bell,
 * mail and board listen), so server/main.ts registers it with the app's. Safe with several runners: each
 * reminder is claimed by one conditional UPDATE.
 */
export function orderDeadlinesJob(events: EventBus): Job {
  return {
    name: 'orders:deadlines',
    everyMs: ORDER_DEADLINES_EVERY_MS,
    run: async ({ db, log }) => {
      const sent = await remindDeadlines({ db, events });
      if (sent.filled.length) log.info({ job: 'orders:deadlines', filled: sent.filled.length }, 'plazos asignados a pedidos que no tenían');
      if (sent.budgets.length || sent.payments.length) {
        log.info({ job: 'orders:deadlines', budgets: sent.budgets.length, payments: sent.payments.length }, 'recordatorios de presupuestos y pagos enviados');
      }
    },
  };
}
