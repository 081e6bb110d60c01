/**
 * The per-order chat (spec §2 Orders detail, §7 "Notifications and messages"), registered under /api:
 *
 *   GET  /api/order/:id/messages          the conversation, oldest first (the order's customer or staff; 404 otherwise)
 *   POST /api/order/:id/messages { text } 1..2000 characters of plain text (never HTML), 20 per minute per user
 *   POST /api/order/:id/messages/read     marks the other side's messages as read (when the chat is opened)
 *   GET  /api/message/unviewed/client     unread messages for the user: a customer counts the shop's messages
 *                                         on their orders; staff count the customers' messages
 *
 * Writes go through services/order-chat, which announces them (server/events): the realtime listener
 * broadcasts `newMessage` (the message) to `Order-{id}` and `newMessageCount { orderId, messageId }` to the
 * recipient — the customer's `User-{id}` room for a message of the shop (plus a folded 'Nuevo mensaje'
 * notification), or the `Staff` room for a message of the customer.
 */
import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatMessageSchema } from '../../../lib/contracts/messages';
import type { AuthUser } from '../../auth/plugin';
import { messages, orders, users } from '../../db/schema';
import { HttpError, MESSAGES } from '../../errors';
import { SharedWindow } from '../../lib/shared-counters';
import { canReadAllOrders } from '../../realtime';
import { errorResponses, errorSchema, intString } from '../../../lib/contracts/common';
import { chatMessageView as view, markMessagesRead, postMessage } from '../../services/order-chat';
import { acceptEmptyJson, bearerSecurity, noStore } from '../personal';
import { routeDocs } from '../route-schema';

export const MAX_MESSAGE_LENGTH = 2000;
export const MESSAGES_PER_MINUTE = 20;
/** The most recent messages a conversation answer holds. */
const HISTORY_LIMIT = 500;

const CHAT_MESSAGES = {
  sent: 'Mensaje enviado',
  read: 'Mensajes marcados como leídos',
  empty: 'Escribí un mensaje',
  tooLong: `El mensaje puede tener hasta ${MAX_MESSAGE_LENGTH} caracteres`,
  noWrite: MESSAGES.forbidden,
} as const;


const params = z.object({ id: intString().describe('Id del pedido') });
const errors = {
  ...errorResponses,
  401: errorSchema.describe('Sin sesión o sesión vencida'),
  403: errorSchema.describe('Sin permisos'),
} as const;

/** Plain text: CRLF → LF, no NUL or other control characters except newline and tab; trimmed. */
export function normalizeMessageText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();
}

const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = routeDocs({ tags: ['mensajes'], security: bearerSecurity, errors });
  // per user, on the shared counters: one count for every API host with REDIS_URL (server/lib/shared-counters.ts)
  const limiter = new SharedWindow({ max: MESSAGES_PER_MINUTE, windowMs: 60_000 }, app.counters, 'chat:');

  acceptEmptyJson(app);

  noStore(app);

  /** The order's owner when `user` may read its chat; 404 otherwise (never reveals someone else's order). */
  const access = async (orderId: number, user: AuthUser): Promise<{ ownerId: number; staff: boolean }> => {
    const [order] = await app.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).limit(1);
    const staff = canReadAllOrders(user);
    if (!order || (!staff && order.userId !== user.id)) throw HttpError.notFound();
    return { ownerId: order.userId, staff: staff && order.userId !== user.id };
  };

  app.get(
    '/order/:id/messages',
    {
      preHandler: app.authenticate,
      schema: doc('Mensajes del chat de un pedido, del más viejo al más nuevo (su dueño o el personal)', { params, data: z.array(chatMessageSchema) }),
    },
    async (req) => {
      const { ownerId, staff } = await access(req.params.id, req.user!);
      const rows = await app.db
        .select()
        .from(messages)
        .where(eq(messages.orderId, req.params.id))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(HISTORY_LIMIT);
      const data = rows.reverse().map((r) => view(r, ownerId));
      if (!staff) return { success: true as const, data };
      // staff see who wrote each message (issue 32, item 4): every staff message used to read "Aromas del Alma"
      const ids = [...new Set(data.map((m) => m.userId))];
      const names = new Map(
        ids.length ? (await app.db.select({ id: users.id, name: users.name, lastname: users.lastname }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, `${u.name} ${u.lastname}`.trim()]) : [],
      );
      return { success: true as const, data: data.map((m) => ({ ...m, authorName: names.get(m.userId) ?? null })) };
    },
  );

  app.post(
    '/order/:id/messages',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc(
        `Escribir en el chat del pedido (texto plano, 1 a ${MAX_MESSAGE_LENGTH} caracteres; ${MESSAGES_PER_MINUTE} por minuto)`,
        { params, body: z.object({ text: z.string().max(MAX_MESSAGE_LENGTH * 2) }), data: chatMessageSchema, status: 201 },
      ),
    },
    async (req, reply) => {
      const user = req.user!;
      const { ownerId, staff } = await access(req.params.id, user);
      if (staff && !user.permissions.includes('messages:write')) throw HttpError.forbidden(CHAT_MESSAGES.noWrite);
      const text = normalizeMessageText(req.body.text);
      if (!text) throw HttpError.badRequest(CHAT_MESSAGES.empty);
      if ([...text].length > MAX_MESSAGE_LENGTH) throw HttpError.badRequest(CHAT_MESSAGES.tooLong);
      if ((await limiter.consume(String(user.id))) > 0) throw HttpError.tooManyRequests();

      const data = await postMessage(app, req.params.id, ownerId, user.id, text);
      return reply.code(201).send({ success: true as const, message: CHAT_MESSAGES.sent, data });
    },
  );

  app.post(
    '/order/:id/messages/read',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc('Marcar como leídos los mensajes del otro lado (al abrir el chat)', { params, data: z.object({ marked: z.number().int() }) }),
    },
    async (req) => {
      const { ownerId, staff } = await access(req.params.id, req.user!);
      // the customer reads the shop's messages; staff read the customer's
      const marked = await markMessagesRead(app, req.params.id, ownerId, staff);
      return { success: true as const, message: CHAT_MESSAGES.read, data: { marked } };
    },
  );

  app.get(
    '/message/unviewed/client',
    {
      preHandler: app.authenticate,
      schema: doc('Cantidad de mensajes sin leer: los de la tienda en mis pedidos (el personal: los de los clientes)', { data: z.number().int() }),
    },
    async (req) => {
      const user = req.user!;
      const where = canReadAllOrders(user)
        ? and(isNull(messages.viewedAt), eq(messages.userId, orders.userId))
        : and(isNull(messages.viewedAt), eq(orders.userId, user.id), ne(messages.userId, user.id));
      const [row] = await app.db.select({ n: count() }).from(messages).innerJoin(orders, eq(orders.id, messages.orderId)).where(where);
      return { success: true as const, data: Number(row?.n ?? 0) };
    },
  );
};

export default messageRoutes;
