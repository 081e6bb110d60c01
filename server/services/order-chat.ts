/**
 * The per-order chat's writes (routes/messages): store a message or mark the other side's as read, then
 * announce it (server/events) — realtime and notifications listen.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ChatMessage } from '../../lib/contracts/messages';
import { messages } from '../db/schema';
import type { WriteDeps } from '../events';

type MessageRow = typeof messages.$inferSelect;

export const chatMessageView = (row: MessageRow, ownerId: number): ChatMessage => ({
  id: row.id,
  orderId: row.orderId,
  userId: row.userId,
  text: row.text,
  fromShop: row.userId !== ownerId,
  createdAt: row.createdAt.toISOString(),
  viewedAt: row.viewedAt ? row.viewedAt.toISOString() : null,
});

/** Stores `text` (already normalized and checked) by `authorId` on the order of `ownerId`. */
export async function postMessage(deps: WriteDeps, orderId: number, ownerId: number, authorId: number, text: string): Promise<ChatMessage> {
  const [row] = await deps.db.insert(messages).values({ orderId, userId: authorId, text }).returning();
  const message = chatMessageView(row!, ownerId);
  await deps.events.emit({ type: 'order.messagePosted', orderId, ownerId, message });
  return message;
}

/** Marks the other side's unread messages as read: staff read the customer's, the customer the shop's. */
export async function markMessagesRead(deps: WriteDeps, orderId: number, ownerId: number, byShop: boolean): Promise<number> {
  const side = byShop ? eq(messages.userId, ownerId) : ne(messages.userId, ownerId);
  const marked = await deps.db
    .update(messages)
    .set({ viewedAt: new Date() })
    .where(and(eq(messages.orderId, orderId), side, isNull(messages.viewedAt)))
    .returning({ id: messages.id });
  if (marked.length) await deps.events.emit({ type: 'order.messagesRead', orderId, ownerId, byShop, messageIds: marked.map((m) => m.id) });
  return marked.length;
}
