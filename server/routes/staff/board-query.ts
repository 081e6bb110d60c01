/**
 * The staff board's filters as the API reads them (GET /api/staff/orders and its CSV export): one schema, so the
 * file staff download holds exactly the orders the board shows.
 */
import { z } from 'zod';
import { searchText } from '../../../lib/contracts/common';
import { BOARD_SORTS } from '../../../lib/admin/board-sort';
import { orderStateSchema } from '../../../lib/contracts/orders';
import { PAYMENT_STATUSES } from '../../../lib/orders/payments';
import { DEADLINE_FLAGS } from '../../../lib/orders/deadlines';

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/)
  // Date.parse rolls 2026-02-30 over to March: the calendar day must survive the round trip
  // (zod runs this refine even when the regex failed: never call toISOString on an Invalid Date)
  .refine((s) => {
    const day = new Date(`${s.slice(0, 10)}T00:00:00Z`);
    return !Number.isNaN(Date.parse(s)) && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s.slice(0, 10);
  }, {
    message: 'fecha inválida',
  });

export const boardQuery = z.object({
  state: orderStateSchema.optional(),
  from: dateParam.optional().describe('Desde (incluida), AAAA-MM-DD o fecha y hora ISO'),
  to: dateParam.optional().describe('Hasta (una fecha AAAA-MM-DD incluye ese día)'),
  q: searchText()
    .optional()
    .describe('Número de pedido, nombre o email del cliente, CUIT/CUIL/DNI'),
  payment: z.enum(PAYMENT_STATUSES).optional().describe('Pago: unpaid (pendiente), partial (parcial), paid (pagado)'),
  deadline: z
    .enum(DEADLINE_FLAGS)
    .optional()
    .describe('Plazos: budgetDueToday (el presupuesto vence hoy), budgetExpired (venció), paymentOverdue (pago vencido: sin comprobante)'),
  sort: z.enum(BOARD_SORTS).optional().describe('Orden: newest (por defecto), oldest, totalDesc, totalAsc, customer'),
  assignee: z
    .union([z.enum(['me', 'none']), z.string().regex(/^[1-9]\d{0,9}$/).refine((s) => Number(s) <= 2_147_483_647)])
    .optional()
    .describe('Asignados a: me (quien consulta), none (sin asignar) o el id de alguien del personal'),
});

/** The `assignee` filter for the services: 'me' is the caller. */
export function boardAssignee(raw: string | undefined, callerId: number): number | 'none' | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'none') return 'none';
  return raw === 'me' ? callerId : Number(raw);
}
