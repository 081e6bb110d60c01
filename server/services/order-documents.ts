/**
 * An order's documents: the remit staff record, the files (proof of transfer, bill, other) stored against it,
 * and the read that finds a file to download. Each write touches the order and emits order.documentAttached.
 */
import { and, eq } from 'drizzle-orm';
import type { OrderState } from '../../lib/orders';
import { type Db, transaction } from '../db/client';
import { orderDocuments, orders } from '../db/schema';
import type { WriteDeps } from '../events';
import { HttpError } from '../errors';
import { documentFileName, mimeOfKey } from '../storage';
import { ORDER_MESSAGES as M } from './orders-messages';
import { lockOrder, type Actor } from './orders';

/** States in which staff may record a remit (after the customer accepted). */
const REMIT_STATES: readonly OrderState[] = ['accepted', 'waiting', 'shipped', 'completed'];

export async function saveRemit(deps: WriteDeps, orderId: number, trackingNumber: string, actor: Actor): Promise<number> {
  const { documentId, ownerId } = await transaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!REMIT_STATES.includes(order.state)) throw new HttpError(409, M.remitState, { code: 'REMIT_STATE' });
    const [doc] = await tx
      .insert(orderDocuments)
      .values({ orderId, kind: 'remit', trackingNumber, data: { byUserId: actor.userId } })
      .returning({ id: orderDocuments.id });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
    return { documentId: doc!.id, ownerId: order.userId };
  });
  await deps.events.emit({ type: 'order.documentAttached', orderId, ownerId, documentId, kind: 'remit', trackingNumber, by: actor.kind });
  return documentId;
}

export interface StoredUpload {
  key: string;
  fileName: string;
  mimeType: string;
  size: number;
}

/** Records an uploaded file (already stored) as a document of the order. */
export async function insertFileDocument(
  deps: WriteDeps,
  orderId: number,
  kind: 'proof' | 'bill' | 'other',
  file: StoredUpload,
  actor: Actor,
): Promise<number> {
  const { documentId, ownerId } = await transaction(deps.db, async (tx) => {
    const [doc] = await tx
      .insert(orderDocuments)
      .values({
        orderId,
        kind,
        fileUrl: file.key,
        data: { fileName: file.fileName, mimeType: file.mimeType, size: file.size, byUserId: actor.userId, actor: actor.kind },
      })
      .returning({ id: orderDocuments.id });
    const [order] = await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId)).returning({ userId: orders.userId });
    if (!order) throw HttpError.notFound();
    return { documentId: doc!.id, ownerId: order.userId };
  });
  await deps.events.emit({ type: 'order.documentAttached', orderId, ownerId, documentId, kind, trackingNumber: null, by: actor.kind });
  return documentId;
}

/** A document with a stored file, of that order. */
export async function findFileDocument(db: Db, orderId: number, docId: number) {
  const [doc] = await db
    .select({ id: orderDocuments.id, key: orderDocuments.fileUrl, data: orderDocuments.data })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.id, docId), eq(orderDocuments.orderId, orderId)))
    .limit(1);
  if (!doc?.key) return null;
  const data = (doc.data ?? {}) as { fileName?: string; mimeType?: string; size?: number };
  // the key's extension is the sniffed type: it names and types the download, whatever the row says
  const fileName = documentFileName(doc.id, doc.key, data.fileName);
  return { id: doc.id, key: doc.key, fileName, mimeType: mimeOfKey(doc.key) ?? data.mimeType ?? 'application/octet-stream' };
}
