/**
 * THE shape of a chat message of an order (api/order/:id/messages, the `newMessage` socket event): the zod
 * contract the API declares as its response schema, and the type the storefront's chat reads.
 * Pure zod: no server-only or browser-only import.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';

export const chatMessageSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  userId: z.number().int().describe('Autor'),
  text: z.string().describe('Texto plano: mostrarlo como texto, nunca como HTML'),
  fromShop: z.boolean().describe('true cuando lo escribió el personal de la tienda'),
  createdAt: z.string(),
  viewedAt: z.string().nullable().describe('Cuándo lo leyó el destinatario'),
  authorName: z.string().nullable().optional().describe('Sólo para el personal: quién lo escribió (nombre y apellido)'),
});

/** An order's chat history (api/order/:id/messages), oldest first. */
export const chatHistorySchema = z.array(chatMessageSchema);

export type ChatMessage = z.infer<typeof chatMessageSchema>;
