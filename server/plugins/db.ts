/** Decorates the instance with the database and the data directory (owned by the caller, not closed here). */
import fp from 'fastify-plugin';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** root of runtime files: uploads/, outbox/, pglite/ */
    dataDir: string;
  }
}

export default fp<{ db: Db; dataDir: string }>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('dataDir', opts.dataDir);
  },
  { name: 'db' },
);
