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
import { deletedIdSchema, idParams } from '../../../lib/contracts/common';
import { searchAdminQuery, searchAdminSchema, synonymGroupSchema as groupSchema, synonymTermsBody as termsBody } from '../../../lib/contracts/staff-search';
import { searchReport } from '../../services/search-log';
import { createSynonymGroup, deleteSynonymGroup, listSynonymGroups, SEARCH_MESSAGES as M, updateSynonymGroup } from '../../services/search-synonyms';
import { staffDoc } from './doc';

const routes: FastifyPluginAsyncZod = async (app) => {
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
      schema: staffDoc('Sinónimos de búsqueda y lo más buscado (con y sin resultados) de los últimos días', { querystring: searchAdminQuery, data: searchAdminSchema }),
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
      schema: staffDoc('Agregar un grupo de sinónimos', { body: termsBody, data: groupSchema, status: 201 }),
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
      schema: staffDoc('Cambiar los términos de un grupo de sinónimos', { params: idParams, body: termsBody, data: groupSchema }),
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
      schema: staffDoc('Eliminar un grupo de sinónimos', { params: idParams, data: deletedIdSchema }),
    },
    async (req) => {
      if (!(await deleteSynonymGroup(app, req.params.id))) throw HttpError.notFound();
      return { success: true as const, message: M.deleted, data: { id: req.params.id } };
    },
  );
};

export default routes;
