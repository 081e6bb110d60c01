/**
 * The search's lexicon (services/search.ts) and query log (services/search-log.ts) for the routes:
 * `app.productSearch.plan(query)` and `app.productSearch.log`. The lexicon follows the catalogue cache's version, so
 * whatever clears that cache (a catalogue or synonym write) also refreshes it.
 */
import fp from 'fastify-plugin';
import { LexiconStore, planSearch, suggestQuery, type SearchPlan } from '../services/search';
import { SearchLog } from '../services/search-log';

declare module 'fastify' {
  interface FastifyInstance {
    productSearch: {
      /** null: nothing to search (only punctuation, emoji or stop words) */
      plan(query: string): Promise<SearchPlan | null>;
      /** "¿Quisiste decir …?" for a query that found nothing */
      suggest(query: string): Promise<string | null>;
      log: SearchLog;
    };
  }
}

export default fp<{ flushMs?: number }>(
  async (app, opts) => {
    const lexicon = new LexiconStore(app.db, () => app.catalogueCache.version);
    const log = new SearchLog(app.db);
    app.decorate('productSearch', {
      plan: async (query: string) => planSearch(query, await lexicon.get()),
      suggest: async (query: string) => suggestQuery(query, await lexicon.get()),
      log,
    });
    const flush = () => log.flush().catch((err: unknown) => app.log.warn({ err }, 'search log: flush failed'));
    const timer = setInterval(() => void flush(), opts.flushMs ?? 5_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await flush();
    });
  },
  { name: 'search', dependencies: ['db', 'catalogue-cache'] },
);
