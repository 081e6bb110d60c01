/**
 * Staff: search synonyms and the search report (registered by ./index.ts under /api/staff; products:write).
 *
 *   GET    /api/staff/search?days=30        synonym groups + top searches + top searches without results
 *   POST   /api/staff/search/synonyms { terms }   ·   PATCH /api/staff/search/synonyms/:id { terms }
 *   DELETE /api/staff/search/synonyms/:id
 *
 * A synonym changes what searches find: the synonym services announce it as a catalogue change
 * (services/search-synonyms.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { deletedIdSchema, envelope, idParams } from '../../../lib/contracts/common';
import { searchAdminQuery, searchAdminSchema, synonymGroupSchema as groupSchema, synonymTermsBody as termsBody } from '../../../lib/contracts/staff-search';
import { searchReport } from '../../services/search-log';
import { createSynonymGroup, deleteSynonymGroup, listSynonymGroups, SEARCH_MESSAGES as M, updateSynonymGroup } from '../../services/search-synonyms';
import { authErrors } from '../orders/schemas';
import { bearerSecurity } from '../personal';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['personal'];
  const security = bearerSecurity;
  const preHandler = [
    app.requireStaff,
    async (req: { user?: { permissions: string[] } | null }) => {
      if (!req.user?.permissions.includes('products:write')) throw HttpError.forbidden();
    },
  ];

  app.get(
    '/search',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Sinónimos de búsqueda y lo más buscado (con y sin resultados) de los últimos días',
        security,
        querystring: searchAdminQuery,
        response: { 200: envelope(searchAdminSchema), ...authErrors },
      },
    },
    async (req) => {
      await app.productSearch.log.flush();
      const [synonyms, report] = await Promise.all([listSynonymGroups(app.db), searchReport(app.db, req.query.days)]);
      return { success: true as const, data: { days: req.query.days, synonyms, ...report } };
    },
  );

  app.post(
    '/search/synonyms',
    {
      // the search expands words with the synonyms: cached product answers change
      config: { invalidates: ['products'] },
      preHandler,
      schema: { tags, summary: 'Agregar un grupo de sinónimos', security, body: termsBody, response: { 201: envelope(groupSchema), ...authErrors } },
    },
    async (req, reply) => {
      const data = await createSynonymGroup(app, req.body.terms);
      return reply.code(201).send({ success: true as const, message: M.saved, data });
    },
  );

  app.patch(
    '/search/synonyms/:id',
    {
      // the search expands words with the synonyms: cached product answers change
      config: { invalidates: ['products'] },
      preHandler,
      schema: {
        tags,
        summary: 'Cambiar los términos de un grupo de sinónimos',
        security,
        params: idParams,
        body: termsBody,
        response: { 200: envelope(groupSchema), ...authErrors },
      },
    },
    async (req) => {
      const data = await updateSynonymGroup(app, req.params.id, req.body.terms);
      if (!data) throw HttpError.notFound();
      return { success: true as const, message: M.saved, data };
    },
  );

  app.delete(
    '/search/synonyms/:id',
    {
      // the search expands words with the synonyms: cached product answers change
      config: { invalidates: ['products'] },
      preHandler,
      schema: {
        tags,
        summary: 'Eliminar un grupo de sinónimos',
        security,
        params: idParams,
        response: { 200: envelope(deletedIdSchema), ...authErrors },
      },
    },
    async (req) => {
      if (!(await deleteSynonymGroup(app, req.params.id))) throw HttpError.notFound();
      return { success: true as const, message: M.deleted, data: { id: req.params.id } };
    },
  );
};

export default routes;
