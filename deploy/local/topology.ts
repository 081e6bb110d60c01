/**
 * The multi-host topology of deploy/README.md on one machine, on loopback: 2 shop APIs and 2 storefronts
 * behind nginx (deploy/nginx.conf, the load balancer of both), one PostgreSQL database, one Redis, one S3
 * endpoint (s3rver in this process). Nothing is shared on disk: each API has its own DATA_DIR, files are in
 * the bucket, pages in Redis. `npm run topology` (deploy/local/topology-cli.ts) starts it for a person;
 * e2e/multi-host.spec.ts and bench/hosts start it for tests. Every service can be killed and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startNginx, renderNginxConf } from './nginx';
import { startLocalS3, type LocalS3 } from './s3rver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

type TopologyPorts = {
  /** nginx: the storefronts' public address */
  site: number;
  /** nginx: the APIs' public address */
  api: number;
  storefronts: number[];
  apis: number[];
  s3: number;
  redis: number;
};

export type TopologyOptions = {
  /** working folder: one DATA_DIR per API, the bucket's files, nginx's prefix, every log */
  dir: string;
  ports: TopologyPorts;
  /** a PostgreSQL server where a throwaway database is created (and dropped by stop()) */
  adminDatabaseUrl: string;
  /** name of that database (default shop_hosts_topology_<time>) */
  databaseName?: string;
  /** `next build` output to run (default .next) */
  distDir?: string;
  /** more variables for every API / storefront */
  apiEnv?: Record<string, string>;
  storefrontEnv?: Record<string, string>;
  log?: (msg: string) => void;
};

type Service = {
  name: string;
  /** http://127.0.0.1:<port> (redis://… for Redis) */
  url: string;
  port: number;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** starts it (again) and waits until it answers */
  start(): Promise<void>;
  /** SIGKILL by default (a crash), or SIGTERM (a clean stop); waits for the exit */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

export type Topology = {
  site: string;
  api: string;
  databaseUrl: string;
  redis: Service;
  apis: Service[];
  storefronts: Service[];
  s3: LocalS3;
  nginx: ChildProcess;
  secrets: { jwt: string; revalidate: string };
  /** the environment each API runs with (for a CLI run against the same deployment) */
  apiEnvOf(i: number): Record<string, string>;
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(url: string, ok: (status: number) => boolean): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'manual' });
    await res.arrayBuffer();
    return ok(res.status);
  } catch {
    return false;
  }
}

async function tcpAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** A child process that can be started, killed and started again under the same name and port. */
type Command = { cmd: string; args: string[]; env: NodeJS.ProcessEnv };

function service(opts: {
  name: string;
  port: number;
  url: string;
  logDir: string;
  command: () => Command;
  ready: () => Promise<boolean>;
  readyMs?: number;
}): Service {
  let child: ChildProcess | undefined;
  const svc: Service = {
    name: opts.name,
    url: opts.url,
    port: opts.port,
    get pid() {
      return child?.pid;
    },
    get running() {
      return Boolean(child && child.exitCode === null && child.signalCode === null);
    },
    async start() {
      if (svc.running) return;
      const { cmd, args, env } = opts.command();
      const log = createWriteStream(path.join(opts.logDir, `${opts.name}.log`), { flags: 'a' });
      child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      const until = Date.now() + (opts.readyMs ?? 240_000);
      while (Date.now() < until) {
        if (!svc.running) throw new Error(`${opts.name} terminó al arrancar (código ${child.exitCode}); ver ${path.join(opts.logDir, `${opts.name}.log`)}`);
        if (await opts.ready()) return;
        await sleep(250);
      }
      throw new Error(`${opts.name} no respondió en ${opts.readyMs ?? 240_000} ms`);
    },
    async kill(signal = 'SIGKILL') {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      c.kill(signal);
      const force = setTimeout(() => c.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
  return svc;
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`nombre de base no válido: ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export async function startTopology(o: TopologyOptions): Promise<Topology> {
  const log = o.log ?? (() => {});
  const logDir = path.join(o.dir, 'logs');
  mkdirSync(logDir, { recursive: true, mode: 0o700 });
  const distDir = o.distDir ?? '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) throw new Error(`no hay build en ${distDir}: corré npm run build primero`);
  const secrets = { jwt: `topology-jwt-${Date.now().toString(36)}-0123456789abcdef`, revalidate: `topology-revalidate-${Date.now().toString(36)}` };
  const site = `http://127.0.0.1:${o.ports.site}`;
  const api = `http://127.0.0.1:${o.ports.api}`;
  const stops: (() => Promise<void>)[] = [];

  try {
    // Redis (its own server: pub/sub channels are per server, not per database)
    const redis = service({
      name: 'redis',
      port: o.ports.redis,
      url: `redis://127.0.0.1:${o.ports.redis}`,
      logDir,
      command: () => ({ cmd: 'redis-server', args: ['--port', String(o.ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], env: process.env }),
      ready: () => tcpAnswers(o.ports.redis),
      readyMs: 10_000,
    });
    await redis.start();
    stops.push(() => redis.kill('SIGTERM'));
    log(`redis      ${redis.url}`);

    const s3 = await startLocalS3({ directory: path.join(o.dir, 's3'), port: o.ports.s3 });
    stops.push(() => s3.close());
    log(`s3         ${s3.endpoint} (bucket ${s3.bucket}, s3rver)`);

    const databaseName = o.databaseName ?? `shop_hosts_topology_${Date.now().toString(36)}`;
    const databaseUrl = await createDatabase(o.adminDatabaseUrl, databaseName);
    stops.push(() => dropDatabase(o.adminDatabaseUrl, databaseName));
    log(`postgres   ${databaseUrl}`);

    // nginx first: the storefronts reach the APIs through it
    const nginx = startNginx(
      path.join(o.dir, 'nginx'),
      renderNginxConf({
        storefronts: o.ports.storefronts.map((p) => `127.0.0.1:${p}`),
        apis: o.ports.apis.map((p) => `127.0.0.1:${p}`),
        listen: `127.0.0.1:${o.ports.site}`,
        listenApi: `127.0.0.1:${o.ports.api}`,
        staticDir: path.join(ROOT, distDir, 'static'),
      }),
    );
    stops.push(async () => {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    });
    for (let i = 0; !(await tcpAnswers(o.ports.site)); i++) {
      if (i > 100 || nginx.exitCode !== null) throw new Error('nginx no arrancó');
      await sleep(100);
    }
    log(`nginx      tienda ${site} · API ${api}`);

    const apiEnvOf = (i: number): Record<string, string> => ({
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      // a demo deployment: the demo catalogue and accounts, seeded once by whichever API gets the seed lock
      SEED_DEMO: 'true',
      API_PORT: String(o.ports.apis[i]),
      API_HOST: '127.0.0.1',
      DATA_DIR: path.join(o.dir, `api-${i + 1}`),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      ...s3.env,
      JWT_SECRET: secrets.jwt,
      REVALIDATE_SECRET: secrets.revalidate,
      // one revalidation call, to the storefronts' load balancer
      STOREFRONT_URL: site,
      REVALIDATE_URLS: '',
      PUBLIC_SITE_URL: site,
      // the load balancer, and each storefront by its own address (tests browse an instance directly)
      STOREFRONT_ORIGINS: [site, ...o.ports.storefronts.map((p) => `http://127.0.0.1:${p}`)].join(','),
      // the load generators of the tests and benches run on loopback, behind nginx
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
      LOG_LEVEL: 'warn',
      ...o.apiEnv,
    });
    /** `kind`-1…n on `ports`, all started at once, stopped with the rest, each logged with its address. */
    const startGroup = async (kind: string, ports: number[], readyPath: string, command: (port: number, i: number) => Command) => {
      const group = ports.map((port, i) =>
        service({
          name: `${kind}-${i + 1}`,
          port,
          url: `http://127.0.0.1:${port}`,
          logDir,
          command: () => command(port, i),
          ready: () => answers(`http://127.0.0.1:${port}${readyPath}`, (s) => s === 200),
        }),
      );
      await Promise.all(group.map((s) => s.start()));
      stops.push(async () => void (await Promise.all(group.map((s) => s.kill('SIGTERM')))));
      for (const s of group) log(`${s.name.padEnd(10)} ${s.url}`);
      return group;
    };

    // both at once: migrations and the demo seed are coordinated by advisory locks
    const apis = await startGroup('api', o.ports.apis, '/health', (_port, i) => ({
      cmd: process.execPath,
      args: ['--import', 'tsx', 'server/main.ts'],
      env: apiEnvOf(i) as NodeJS.ProcessEnv,
    }));

    const storefronts = await startGroup('storefront', o.ports.storefronts, '/login', (port) => ({
      cmd: process.execPath,
      // -H 127.0.0.1: any bind address must work (proxy.ts rewrites stay on this server)
      args: [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(port)],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_DIST_DIR: distDir,
        NEXT_TELEMETRY_DISABLED: '1',
        SHOP_API_URL: api,
        PUBLIC_API_URL: api,
        PUBLIC_SITE_URL: site,
        REVALIDATE_SECRET: secrets.revalidate,
        REDIS_URL: redis.url,
        ...o.storefrontEnv,
      },
    }));

    return {
      site,
      api,
      databaseUrl,
      redis,
      apis,
      storefronts,
      s3,
      nginx,
      secrets,
      apiEnvOf,
      async stop() {
        for (const stop of stops.reverse()) await stop().catch((err: Error) => log(`al detener: ${err.message}`));
      },
    };
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    throw err;
  }
}
