/**
 * Prometheus metrics of the API process (prom-client), served by `serveMetrics` on their own port
 * (METRICS_PORT, loopback by default, optional bearer METRICS_TOKEN): never on the public API port.
 *
 * One process-wide registry, as prom-client intends: domain counters (orders, mails) are incremented
 * from the services, which know nothing of the app. Values that belong to an app instance (open sockets,
 * catalogue cache hits) are read at scrape time from every live app, so several apps in one process
 * (tests) neither collide nor leak.
 */
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createScrapeServer } from '../../lib/metrics/scrape';

const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Duración de las respuestas HTTP por plantilla de ruta y estado (el _count son las solicitudes)',
  labelNames: ['method', 'route', 'status_code'] as const,
  // The storefront's pages wait for these: resolution where the p99 target (0.5 s) sits.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const ordersCreated = new Counter({
  name: 'shop_orders_created_total',
  help: 'Pedidos creados',
  registers: [registry],
});

export const orderTransitions = new Counter({
  name: 'shop_order_transitions_total',
  help: 'Cambios de estado de pedidos por estado de destino (accepted, cancelled, …)',
  labelNames: ['to'] as const,
  registers: [registry],
});

export const mails = new Counter({
  name: 'shop_mails_total',
  help: 'Mails por tipo y resultado (queued: en la cola SMTP; sent; deferred: SMTP no respondió, se reintenta; failed)',
  labelNames: ['kind', 'result'] as const,
  registers: [registry],
});

const apps = new Set<FastifyInstance>();
const sum = (f: (app: FastifyInstance) => number) => [...apps].reduce((s, app) => s + f(app), 0);

new Gauge({
  name: 'shop_socket_connections',
  help: 'Conexiones de socket abiertas',
  registers: [registry],
  collect() {
    this.set(sum((app) => app.realtime?.io.engine.clientsCount ?? 0));
  },
});

new Gauge({
  name: 'shop_socket_rooms',
  help: 'Salas de socket (usuarios, pedidos, personal) con al menos una conexión',
  registers: [registry],
  collect() {
    // every socket also sits in a room named by its own id: those are not rooms of ours
    this.set(sum((app) => {
      const nsp = app.realtime?.io.of('/');
      if (!nsp) return 0;
      let n = 0;
      for (const room of nsp.adapter.rooms.keys()) if (!nsp.sockets.has(room)) n++;
      return n;
    }));
  },
});

// Counters read from the cache's own tallies: reset + inc keeps them monotonic per scrape.
new Counter({
  name: 'shop_catalogue_cache_hits_total',
  help: 'Respuestas del catálogo servidas desde la caché en memoria',
  registers: [registry],
  collect() {
    this.reset();
    this.inc(sum((app) => app.catalogueCache?.hits ?? 0));
  },
});
new Counter({
  name: 'shop_catalogue_cache_misses_total',
  help: 'Respuestas del catálogo que tuvieron que consultar la base',
  registers: [registry],
  collect() {
    this.reset();
    this.inc(sum((app) => app.catalogueCache?.misses ?? 0));
  },
});

let backupStatusFile: string | null = null;
new Gauge({
  name: 'shop_backup_last_success_timestamp_seconds',
  help: 'Hora (epoch) del último `npm run backup` exitoso de este DATA_DIR; 0 si nunca hubo uno',
  registers: [registry],
  collect() {
    let at = 0;
    try {
      if (backupStatusFile) at = Number(JSON.parse(readFileSync(backupStatusFile, 'utf8')).at) || 0;
    } catch {
      // no backup yet: 0, and the alert fires
    }
    this.set(at);
  },
});

/** Where `npm run backup` leaves its timestamp (server/ops/backup.ts backupStatusFile). */
export function watchBackupStatus(file: string): void {
  backupStatusFile = file;
}

/** The same mailer, counting each send as sent or failed by kind (verify, reset, order-…). */
export function countMails<M extends { mode?: string; send(m: { kind: string }): Promise<unknown> }>(mailer: M): M {
  // over SMTP, send() only queues: the queue's worker counts what SMTP took or refused (server/mail/queue.ts)
  const accepted = mailer.mode === 'smtp' ? 'queued' : 'sent';
  const send = async (m: { kind: string }) => {
    try {
      const r = await mailer.send(m);
      mails.inc({ kind: m.kind, result: accepted });
      return r;
    } catch (err) {
      mails.inc({ kind: m.kind, result: 'failed' });
      throw err;
    }
  };
  // a Proxy, not a copy: a test's mailer keeps its own state (sent lists, counters)
  return new Proxy(mailer, { get: (target, prop, receiver) => (prop === 'send' ? send : Reflect.get(target, prop, receiver)) });
}

/** Times every response by route template (never the raw URL: ids would explode the label set). */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    apps.add(app);
    app.addHook('onClose', async () => {
      apps.delete(app);
    });
    app.addHook('onResponse', async (req, reply) => {
      httpDuration.observe(
        { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'metrics' },
);

/**
 * The scrape endpoint on its own server (lib/metrics/scrape.ts: with a token, 401 without it); the default
 * host is loopback, so without a token only this machine can read it.
 */
export function serveMetrics(opts: { port: number; host: string; token?: string }): Promise<http.Server> {
  const server = createScrapeServer(registry, opts.token);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
