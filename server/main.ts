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
import { loadEnv, missingSharedSecrets } from './env';
import { withSeedLock } from './db/seed/lock';
import { blobImageSink } from './storage/blobs';
import { createObjectStore } from './storage/config';
import { Scheduler } from './scheduler';
import { orderDeadlinesJob, orphanObjectsJob } from './scheduler/jobs';
import { scheduledJobs } from './scheduler/registry';
import { serveMetrics, watchBackupStatus } from './metrics';
import { backupStatusFile, serveBackupSocket } from './ops/backup';

const env = loadEnv();
const secretsProblem = missingSharedSecrets();
if (secretsProblem) {
  console.error(secretsProblem);
  process.exit(1);
}
prepareDataDir(env.dataDir);
const logger = {
  level: env.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
};

const started = Date.now();
let db: Awaited<ReturnType<typeof openConfiguredDb>>;
try {
  db = await openConfiguredDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, owner: 'api', timeouts: env.timeouts });
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
let backupSocket: Awaited<ReturnType<typeof serveBackupSocket>> = null;
let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
let scheduler: Scheduler | undefined;
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
    backupSocket?.close();
    metricsServer?.close();
    await scheduler?.stop();
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
    trustedProxies: env.trustedProxies,
    catalogueCacheTtlMs: env.catalogueCacheTtlMs,
    docs: env.apiDocs,
    timeouts: env.timeouts,
    objectStore: createObjectStore(env),
  });

  const blobs = app.blobs;
  await withSeedLock(env.databaseUrl, async () => {
    if (!(await isDatabaseEmpty(db.db))) return;
    if (env.seedDemo) {
      app?.log.info('base vacía: cargando el catálogo de demostración');
      await seedDemo(db.db, {
        images: { mode: 'generate', sink: blobImageSink(blobs) },
        log: (msg) => app?.log.info(msg),
      });
    } else {
      app?.log.warn('base sin cuentas ni productos: creá la primera cuenta del personal con `npm run staff:create -- --email …`');
    }
  }, env.timeouts.dbConnectMs);

  await app.listen({ port: env.port, host: env.host });
  // periodic jobs: once per tick across every API host (the holder of the scheduler's advisory lock)
  if (env.scheduler) {
    scheduler = new Scheduler({ db: db.db, databaseUrl: env.databaseUrl, log: app.log, connectTimeoutMs: env.timeouts.dbConnectMs });
    for (const job of [...scheduledJobs(), orphanObjectsJob(app.blobs), orderDeadlinesJob(app.events)]) scheduler.register(job);
    scheduler.start();
  }
  if (env.metrics.port) {
    watchBackupStatus(backupStatusFile(env.dataDir));
    // metrics are not worth refusing to sell: a taken port is logged (and the API-down alert's `up` shows it)
    metricsServer = await serveMetrics(env.metrics).catch((err: Error) => {
      app?.log.error({ err }, `no se pudo abrir el puerto de métricas ${env.metrics.port}`);
      return undefined;
    });
    if (metricsServer) app.log.info({ host: env.metrics.host, token: Boolean(env.metrics.token) }, `métricas en http://${env.metrics.host}:${env.metrics.port}/metrics`);
  }
  // `npm run backup` asks this process for a consistent dump of its embedded database (issue 27)
  if (db.pglite) {
    backupSocket = await serveBackupSocket(env.dataDir, db.pglite);
    if (!backupSocket) app.log.warn('DATA_DIR es demasiado largo para el socket de respaldo: `npm run backup` necesitará la API detenida');
  }
  app.log.info(
    { db: db.kind, dataDir: env.dataDir, ms: Date.now() - started, cors: env.corsOrigins },
    `API lista en http://localhost:${env.port}` + (env.apiDocs ? ' (docs en /docs)' : ''),
  );
} catch (err) {
  (app?.log ?? console).error(err);
  await shutdown('startup-error', 1);
}
