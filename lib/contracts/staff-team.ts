/**
 * THE shapes of the back-office's teamwork on an order (issue 32 item 4): staff-only notes and the staff
 * member an order is assigned to. Staff routes only (api/staff/orders/:id/notes, …/assignee, api/staff/team);
 * nothing here ever reaches a customer's answer, socket room or notification.
 * Pure zod: importable by the API and the storefront.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';

/** Longest note, in characters (after trimming). */
export const NOTE_MAX_LENGTH = 2000;

/** The body of POST api/staff/orders/:id/notes: 1..2000 characters of plain text once trimmed. */
export const noteBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1)
    .max(NOTE_MAX_LENGTH)
    .refine((s) => !s.includes('\u0000'), { message: 'texto inválido' }),
});

export const orderNoteSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  text: z.string().describe('Texto plano: mostrarlo como texto, nunca como HTML'),
  authorId: z.number().int().nullable().describe('null si la cuenta de quien la escribió ya no existe'),
  authorName: z.string().nullable(),
  createdAt: z.string().describe('Fecha ISO 8601'),
  mine: z.boolean().describe('La escribió quien consulta (puede borrarla)'),
});

export const orderNotesSchema = z.array(orderNoteSchema);

/** A staff member who can be put in charge of an order. */
const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('Nombre y apellido'),
  role: z.string(),
});

/** GET api/staff/team: who works the orders, and which of them is asking (the "Asignarme" button). */
export const staffTeamSchema = z.object({ me: z.number().int(), members: z.array(staffMemberSchema) });

/** The body of PUT api/staff/orders/:id/assignee: a staff member's id, or null to leave the order unassigned. */
export const assigneeBodySchema = z.object({
  userId: z.number().int().min(1).max(2_147_483_647).nullable(),
});

/** Who looks after an order (the order page, the board card). */
export const orderAssigneeSchema = z.object({ id: z.number().int(), name: z.string() });

export type OrderNote = z.infer<typeof orderNoteSchema>;
export type StaffMember = z.infer<typeof staffMemberSchema>;
export type StaffTeam = z.infer<typeof staffTeamSchema>;
export type OrderAssignee = z.infer<typeof orderAssigneeSchema>;
