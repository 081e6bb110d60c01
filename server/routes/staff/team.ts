/**
 * Staff working together on an order (issue 32 item 4), registered by ./index.ts under /api/staff (its
 * no-store hook applies). Every role that works the orders may use them; a customer gets 403 before anything
 * is read:
 *
 *   GET    /api/staff/orders/:id/notes               orders:read  — the staff-only notes, oldest first
 *   POST   /api/staff/orders/:id/notes { text }      orders:write — 1..2000 characters of plain text
 *   DELETE /api/staff/orders/:id/notes/:noteId       orders:write — only the note's author
 *   PUT    /api/staff/orders/:id/assignee { userId } orders:write — a staff member who works the orders, or null
 *   GET    /api/staff/team                           orders:read  — who an order can be assigned to
 *
 * The logic and the events are in services/order-team.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assigneeBodySchema, noteBodySchema, orderAssigneeSchema, orderNoteSchema, orderNotesSchema, staffTeamSchema } from '../../../lib/contracts/staff-team';
import { HttpError } from '../../errors';
import { deletedIdSchema, intString } from '../../../lib/contracts/common';
import { orderAccess } from '../../services/orders';
import { addNote, assignOrder, deleteNote, listNotes, listOrderStaff, TEAM_MESSAGES as M } from '../../services/order-team';
import { getOrderDetail } from '../../services/orders-view';
import { orderIdParams } from '../orders/schemas';
import { staffDoc } from './doc';

const noteParams = orderIdParams.extend({ noteId: intString().describe('Id de la nota') });

const team: FastifyPluginAsyncZod = async (app) => {
  const read = app.requirePermission('orders:read');
  const write = app.requirePermission('orders:write');

  app.get(
    '/orders/:id/notes',
    {
      preHandler: read,
      schema: staffDoc('Notas internas del pedido (sólo el personal; el cliente nunca las ve)', { params: orderIdParams, data: orderNotesSchema }),
    },
    async (req) => {
      if (!(await orderAccess(app.db, req.params.id))) throw HttpError.notFound();
      return { success: true as const, data: await listNotes(app.db, req.params.id, req.user!.id) };
    },
  );

  app.post(
    '/orders/:id/notes',
    {
      config: { invalidates: [] },
      preHandler: write,
      schema: staffDoc(
        'Agregar una nota interna (texto plano, 1 a 2000 caracteres); la ve el resto del personal en vivo',
        { params: orderIdParams, body: noteBodySchema, data: orderNoteSchema, status: 201 },
      ),
    },
    async (req, reply) => {
      const data = await addNote(app, req.params.id, req.user!.id, req.body.text);
      return reply.code(201).send({ success: true as const, message: M.noteSaved, data });
    },
  );

  app.delete(
    '/orders/:id/notes/:noteId',
    {
      config: { invalidates: [] },
      preHandler: write,
      schema: staffDoc('Borrar una nota interna propia', { params: noteParams, data: deletedIdSchema }),
    },
    async (req) => {
      await deleteNote(app, req.params.id, req.params.noteId, req.user!.id);
      return { success: true as const, message: M.noteDeleted, data: { id: req.params.noteId } };
    },
  );

  app.put(
    '/orders/:id/assignee',
    {
      config: { invalidates: [] },
      preHandler: write,
      schema: staffDoc(
        'Asignar el pedido a alguien del personal (null: sin asignar); le llega una notificación',
        { params: orderIdParams, body: assigneeBodySchema, data: z.object({ assignee: orderAssigneeSchema.nullable() }) },
      ),
    },
    async (req) => {
      await assignOrder(app, req.params.id, req.body.userId, req.user!.id);
      const detail = await getOrderDetail(app.db, req.params.id, { forStaff: true });
      return { success: true as const, message: req.body.userId === null ? M.unassigned : M.assigned, data: { assignee: detail?.assignee ?? null } };
    },
  );

  app.get(
    '/team',
    {
      preHandler: read,
      schema: staffDoc('El personal que atiende pedidos (a quién se puede asignar un pedido)', { data: staffTeamSchema }),
    },
    async (req) => ({ success: true as const, data: { me: req.user!.id, members: await listOrderStaff(app.db) } }),
  );
};

export default team;
