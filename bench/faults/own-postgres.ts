/**
 * A private PostgreSQL 15 cluster for fault benches: initdb in a temp dir, its own port, started and
 * restarted with pg_ctl — so restarting it never disturbs the shared server other tests use.
 * PostgreSQL refuses to run as root: when we are root, its commands run as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

function pgUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export interface OwnPostgres {
  url(db: string): string;
  restart(mode?: 'fast' | 'immediate'): void;
  stop(): void;
  remove(): void;
}

export function startOwnPostgres(port: number): OwnPostgres {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-faults-pg-'));
  const data = path.join(dir, 'data');
  const user = pgUser();
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  const run = (cmd: string, args: string[]) => {
    const full = path.join(BIN, cmd);
    if (user) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', opts, '-w', ...args]);
  ctl('start');
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    // fast: connections are terminated, in-flight transactions roll back; immediate: like a crash
    restart: (mode = 'fast') => ctl('-m', mode, 'restart'),
    stop: () => {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
