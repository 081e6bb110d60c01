/**
 * Real API and storefront processes that a fault test owns (start, SIGKILL, start again), apart from
 * the Playwright webServer pair the other specs share. Same production build (NEXT_DIST_DIR), free
 * ports picked at run time, a throwaway DATA_DIR per API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = process.cwd(); // Playwright runs from the repository root
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Proc {
  child: ChildProcess;
  url: string;
  port: number;
  /** SIGKILL (no graceful shutdown) and wait for the exit */
  kill(): Promise<void>;
}

function run(name: string, args: string[], env: Record<string, string>, port: number, logDir: string): Proc {
  const log = createWriteStream(path.join(logDir, `${name}-${port}-${Date.now()}.log`));
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return {
    child,
    port,
    url: `http://localhost:${port}`,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls `url` until it answers 2xx (or the process dies, or the time is up). */
async function waitReady(proc: Proc, url: string, ms = 240_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`${url}: the process exited with ${proc.child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'manual' });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} not ready after ${ms} ms`);
}

export interface ApiOptions {
  port: number;
  dataDir: string;
  logDir: string;
  storefrontUrl: string;
  revalidateUrls?: string[];
  databaseUrl?: string;
  redisUrl?: string;
  secret: string;
  jwtSecret?: string;
  origins?: string[];
  /** more variables for this API (e.g. a short ACCESS_TOKEN_TTL_S) */
  env?: Record<string, string>;
}

export async function startApi(o: ApiOptions): Promise<Proc> {
  const env: Record<string, string> = {
    API_PORT: String(o.port),
    API_HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    STOREFRONT_URL: o.storefrontUrl,
    PUBLIC_SITE_URL: o.storefrontUrl,
    STOREFRONT_ORIGINS: (o.origins ?? [o.storefrontUrl]).join(','),
    REVALIDATE_SECRET: o.secret,
    LOG_LEVEL: 'warn',
    // a demo instance, also on PostgreSQL: the specs use the demo catalogue and accounts
    SEED_DEMO: 'true',
    DATABASE_URL: o.databaseUrl ?? '',
    REDIS_URL: o.redisUrl ?? '',
    REVALIDATE_URLS: (o.revalidateUrls ?? []).join(','),
  };
  if (o.jwtSecret) env.JWT_SECRET = o.jwtSecret;
  Object.assign(env, o.env);
  const proc = run('api', ['--import', 'tsx', 'server/main.ts'], env, o.port, o.logDir);
  await waitReady(proc, `http://127.0.0.1:${o.port}/health`);
  return proc;
}

export async function startStorefront(o: {
  port: number;
  apiUrl: string;
  secret: string;
  logDir: string;
  env?: Record<string, string>;
  /** a path that answers 2xx once the server is up (default /login, which needs the API) */
  readyPath?: string;
}): Promise<Proc> {
  const site = `http://localhost:${o.port}`;
  const env = {
    ...o.env,
    SHOP_API_URL: o.apiUrl,
    PUBLIC_API_URL: o.apiUrl,
    PUBLIC_SITE_URL: site,
    REVALIDATE_SECRET: o.secret,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const proc = run('storefront', [NEXT_BIN, 'start', '-p', String(o.port)], env, o.port, o.logDir);
  await waitReady(proc, `${site}${o.readyPath ?? '/login'}`);
  return proc;
}

export async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 6379) });
    s.setTimeout(1000);
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}
