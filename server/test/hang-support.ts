/**
 * Helpers of the hang tests (server/test/faults-hang-*.test.ts): real parts that hang, never mocks —
 * a TCP listener that accepts and never answers, a TCP proxy in front of a real server that can be paused
 * mid-stream (optionally when a given statement passes through it), and a child redis-server that can be
 * stopped with SIGSTOP; and an API of its own on a database URL (faults-db-down.test.ts uses it too).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { buildApp, type BuildAppOptions } from '../app';
import { openDb, type DbTimeouts } from '../db/client';
import { signedInAppOptions } from './auth-fixtures';
import { freePort, sleep } from './faults-support';

/**
 * An API of its own on the database at `databaseUrl` (whatever answers there: a proxy, a black hole, a
 * closed port), with the test secret, a memory mailer and no Redis; `close()` stops the app, then the pool.
 */
export async function appOnDatabase(
  databaseUrl: string,
  dataDir: string,
  pool: { poolSize?: number; timeouts?: Partial<DbTimeouts> } = {},
  options: Partial<BuildAppOptions> = {},
) {
  const handle = await openDb({ databaseUrl, ...pool });
  const app = await buildApp({ db: handle.db, dataDir, logger: false, ...signedInAppOptions(), ...options }).catch(async (err: unknown) => {
    await handle.close();
    throw err;
  });
  return {
    handle,
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Accepts connections and never sends a byte (a server whose process hangs after accept). */
export async function blackhole(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let count = 0;
  const srv = net.createServer((s) => {
    count++;
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    port: (srv.address() as net.AddressInfo).port,
    connections: () => count,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => srv.close(() => r()));
    },
  };
}

type Pipe = { from: net.Socket; to: net.Socket; held: (Buffer | 'end')[] };

/**
 * A TCP proxy to `target`. `pause()` stops forwarding in both directions (bytes and closes are held, as a
 * hung peer or network would), `resume()` delivers what was held. `pauseWhen(text)` pauses just before the
 * first client→server chunk containing `text` is forwarded (e.g. the INSERT of an order's lines).
 */
export class PausableProxy {
  private server: net.Server;
  private pipes = new Set<Pipe>();
  private sockets = new Set<net.Socket>();
  private paused = false;
  private trigger: { text: string; hit: () => void } | null = null;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  async listen(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  pause(): void {
    this.paused = true;
  }

  /** Resolves when a client→server chunk containing `text` arrives; the proxy is paused from that chunk on. */
  pauseWhen(text: string): Promise<void> {
    return new Promise((resolve) => {
      this.trigger = { text, hit: resolve };
    });
  }

  resume(): void {
    this.paused = false;
    for (const p of this.pipes) this.flush(p);
  }

  get isPaused(): boolean {
    return this.paused;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private accept(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => this.sockets.delete(s));
    }
    const up: Pipe = { from: client, to: upstream, held: [] };
    const down: Pipe = { from: upstream, to: client, held: [] };
    this.pipes.add(up);
    this.pipes.add(down);
    const wire = (p: Pipe, watch: boolean) => {
      p.from.on('data', (chunk: Buffer) => {
        if (watch && this.trigger && chunk.includes(this.trigger.text)) {
          const { hit } = this.trigger;
          this.trigger = null;
          this.paused = true;
          hit();
        }
        this.forward(p, chunk);
      });
      p.from.on('end', () => this.forward(p, 'end'));
      p.from.on('close', () => this.forward(p, 'end'));
    };
    wire(up, true);
    wire(down, false);
  }

  private forward(p: Pipe, what: Buffer | 'end'): void {
    p.held.push(what);
    if (!this.paused) this.flush(p);
  }

  private flush(p: Pipe): void {
    while (p.held.length) {
      const item = p.held.shift()!;
      if (item === 'end') {
        p.to.end();
        p.held.length = 0;
        this.pipes.delete(p);
        return;
      }
      if (!p.to.destroyed) p.to.write(item);
    }
  }
}

/** `redis-server --port <free> --save ''` as a child; `stop()` / `cont()` send SIGSTOP / SIGCONT. */
export async function startRedis(): Promise<{ url: string; stop(): void; cont(): void; kill(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100) throw new Error('redis-server did not start');
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => child.kill('SIGSTOP'),
    cont: () => child.kill('SIGCONT'),
    kill: async () => {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The promise's value and how long it took; rejects when it takes longer than `capMs` (the "hangs" case). */
export async function timed<T>(p: Promise<T>, capMs: number): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta tras ${capMs} ms (se cuelga)`)), capMs);
  });
  try {
    const value = await Promise.race([p, cap]);
    return { value, ms: Math.round(performance.now() - t0) };
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `probe` until it returns true; the time it took (ms), or throws after `capMs`. */
export async function recoveryTime(probe: () => Promise<boolean>, capMs = 5_000, everyMs = 50): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (await probe().catch(() => false)) return Math.round(performance.now() - t0);
    if (performance.now() - t0 > capMs) throw new Error(`no se recuperó en ${capMs} ms`);
    await sleep(everyMs);
  }
}

/** How long a hang test waits before calling the old behaviour "hung" (HANG_CAP_MS, default 10 s). */
export const HANG_CAP_MS = Number(process.env.HANG_CAP_MS) || 10_000;
