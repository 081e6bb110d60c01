/**
 * THE shape of a bell notification (spec §3 Notification; api/notification…, the `newNotification` socket
 * event): the API's response schema and the type the bell reads. Pure zod.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string().nullable().describe('Ruta del sitio (p. ej. /order/12)'),
  createdAt: z.string(),
  viewedAt: z.string().nullable(),
});

export type ShopNotification = z.output<typeof notificationSchema>;
