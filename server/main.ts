/**
 * API process: read env, open + migrate the database, ensure the reference data (roles, config), seed the
 * demo catalogue into an empty database of a demo instance, refuse a production start while an account
 * still has the published demo password, listen, and shut down cleanly on SIGINT/SIGTERM (stop accepting,
 * finish in-flight requests, close the db).
 */
import { buildApp } from './app';
import { accountsWithDemoPassword, demoAccountsMessage } from './auth/demo-accounts';
import { openConfiguredDb } from './db/open';
import { isDatabaseEmpty, seedDemo } from './db/seed';
import { ensureBaseData } from './db/seed/base';
import { prepareDataDir } from './data-dir';
import { loadEnv } from './env';

const env = loadEnv();
prepareDataDir(env.dataDir);
const logger = {
  level: env.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
};

const started = Date.now();
let db: Awaited<ReturnType<typeof openConfiguredDb>>;
try {
  db = await openConfiguredDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, owner: 'api' });
  await ensureBaseData(db.db);
} catch (err) {
  console.error(`No se pudo abrir la base de datos: ${(err as Error).message}`);
  process.exit(1);
}

// A demo instance (SEED_DEMO) knowingly runs demo accounts; any other production start must not.
if (env.production && !env.seedDemo) {
  const demo = await accountsWithDemoPassword(db.db);
  if (demo.length) {
    console.error(demoAccountsMessage(demo));
    await db.close();
    process.exit(1);
  }
}

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let shuttingDown = false;

async function shutdown(signal: string, code = 0): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  app?.log.info({ signal }, 'cerrando');
  // If something hangs (a stuck connection), do not keep the port forever.
  const force = setTimeout(() => {
    console.error('cierre forzado tras 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app?.close();
  } finally {
    await db.close();
  }
  process.exit(code);
}

process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  app = await buildApp({
    db: db.db,
    dataDir: env.dataDir,
    logger,
    corsOrigins: env.corsOrigins,
    rateLimit: { max: env.rateLimitMax, allowList: env.rateLimitAllowList },
    trustProxy: env.trustProxy,
    catalogueCacheTtlMs: env.catalogueCacheTtlMs,
  });

  if (await isDatabaseEmpty(db.db)) {
    if (env.seedDemo) {
      app.log.info('base vacía: cargando el catálogo de demostración');
      await seedDemo(db.db, {
        images: { mode: 'generate', dataDir: env.dataDir },
        log: (msg) => app?.log.info(msg),
      });
    } else {
      app.log.warn('base sin cuentas ni productos: creá la primera cuenta del personal con `npm run staff:create -- --email …`');
    }
  }

  await app.listen({ port: env.port, host: env.host });
  app.log.info(
    { db: db.kind, dataDir: env.dataDir, ms: Date.now() - started, cors: env.corsOrigins },
    `API lista en http://localhost:${env.port} (docs en /docs)`,
  );
} catch (err) {
  (app?.log ?? console).error(err);
  await shutdown('startup-error', 1);
}
