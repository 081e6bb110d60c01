/**
 * PGlite takes no lock on its data directory, and two processes writing it corrupt it (toolchain §7).
 * This pid file refuses a second opener (API or seed CLI) while the first is alive; a stale file left by
 * a crashed process is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string, owner: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, owner, at: new Date().toISOString() }), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: { pid?: number; owner?: string } = {};
      try {
        holder = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // unreadable lock file: treat as stale
      }
      if (holder.pid && holder.pid !== process.pid && alive(holder.pid)) {
        throw new Error(
          `La base embebida en ${dir} está en uso por el proceso ${holder.pid} (${holder.owner ?? '?'}). ` +
            'Detenelo antes (PGlite no admite dos procesos sobre el mismo directorio).',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`No se pudo bloquear ${dir}`);
}
