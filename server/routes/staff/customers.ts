/**
 * Staff: customers (registered by ./index.ts under /api/staff, so its no-store hook applies).
 *
 *   GET   /api/staff/customers?q&vip&kind&sort&page&rows   users:read — paged, newest first unless sorted
 *   GET   /api/staff/customers/export?format&q&vip&sort     users:read — CSV or XLSX: see ./exports.ts
 *   GET   /api/staff/customers/:id                    users:read — with addresses, billing data, orders
 *   PATCH /api/staff/customers/:id/vip { vip }        users:write — role customer ↔ vipcustomer
 *   PATCH /api/staff/customers/:id/role { role }      roles:write (superadmin) — never one's own role
 *
 * A role change shows on the user's next request (VIP tier prices included): see services/customers.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { idParams } from '../../../lib/contracts/common';
import { changeRole, CUSTOMER_MESSAGES as M, getCustomer, listCustomers, setVip } from '../../services/customers';
import { customerDetailSchema, customerListQuery, customerListSchema, customerRoleBody, customerVipBody } from '../../../lib/contracts/staff-customers';
import { staffDoc } from './doc';

const routes: FastifyPluginAsyncZod = async (app) => {
  const staffWith = (name: string) => app.requirePermission(name);

  const detail = async (id: number, caller: { id: number; permissions: string[] }) => {
    const data = await getCustomer(app.db, id, { id: caller.id, canWriteRoles: caller.permissions.includes('roles:write') });
    if (!data) throw HttpError.notFound();
    return data;
  };

  app.get(
    '/customers',
    {
      preHandler: staffWith('users:read'),
      schema: staffDoc('Clientes (búsqueda por nombre, email o CUIT; filtro VIP; paginado)', { querystring: customerListQuery, data: customerListSchema }),
    },
    async (req) => {
      const q = req.query;
      // staff accounts are only listed to who may change roles
      if (q.kind === 'staff' && !req.user!.permissions.includes('roles:write')) throw HttpError.forbidden();
      const vip = q.vip === undefined ? undefined : q.vip === 'true';
      return { success: true as const, data: await listCustomers(app.db, { q: q.q, vip, kind: q.kind, sort: q.sort, page: q.page, rows: q.rows }) };
    },
  );

  app.get(
    '/customers/:id',
    {
      preHandler: staffWith('users:read'),
      schema: staffDoc('Un cliente con direcciones, datos de facturación y sus pedidos', { params: idParams, data: customerDetailSchema }),
    },
    async (req) => ({ success: true as const, data: await detail(req.params.id, req.user!) }),
  );

  app.patch(
    '/customers/:id/vip',
    {
      config: { invalidates: [] },
      preHandler: staffWith('users:write'),
      schema: staffDoc(
        'Marcar o desmarcar como cliente VIP (rol vipcustomer ↔ customer); vale desde su próxima solicitud',
        { params: idParams, body: customerVipBody, data: customerDetailSchema },
      ),
    },
    async (req) => {
      await setVip(app.db, req.params.id, req.body.vip);
      await app.auth.accountChanged(req.params.id, 'role');
      return { success: true as const, message: req.body.vip ? M.vipOn : M.vipOff, data: await detail(req.params.id, req.user!) };
    },
  );

  app.patch(
    '/customers/:id/role',
    {
      config: { invalidates: [] },
      preHandler: staffWith('roles:write'),
      schema: staffDoc('Cambiar el rol de un usuario (sólo superadmin; nunca el propio)', { params: idParams, body: customerRoleBody, data: customerDetailSchema }),
    },
    async (req) => {
      await changeRole(app.db, req.user!.id, req.params.id, req.body.role);
      // sockets keep what they were granted at connect: end them (on every instance)
      await app.auth.accountChanged(req.params.id, 'role');
      return { success: true as const, message: M.roleChanged, data: await detail(req.params.id, req.user!) };
    },
  );
};

export default routes;
