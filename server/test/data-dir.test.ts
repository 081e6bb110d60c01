/**
 * The data folder is private (issue 19 item 6): a real API process creates DATA_DIR 0700 and, under
 * umask 077, nothing in it (database files, secrets, outbox mails with live links) is readable or
 * writable by other local users; an existing folder left open is reported at start.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { freePort, spawnApi, tempDataDir } from './faults-support';

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

function openEntries(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if ((statSync(p).mode & 0o077) !== 0) out.push(`${path.relative(dir, p)} ${(statSync(p).mode & 0o777).toString(8)}`);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

describe('carpeta de datos privada (proceso real)', () => {
  it('una carpeta nueva: 0700, y nada adentro abierto a otros (base, secretos, mails)', { timeout: 180_000 }, async () => {
    const tmp = tempDataDir('shop-datadir-');
    cleanups.push(() => tmp.remove());
    const dataDir = path.join(tmp.dir, 'datos');
    // the runner's own umask must not matter: the API sets its own
    const api = await spawnApi({ port: await freePort(), dataDir, env: { SEED_DEMO: 'true' } });
    cleanups.push(() => void api.kill());
    const forgot = await fetch(`${api.url}/auth/forgot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'cliente@example.com' }) });
    assert.equal(forgot.status, 200, await forgot.text());
    assert.equal(await api.kill('SIGTERM'), 0, api.output());

    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    assert.ok(readdirSync(path.join(dataDir, 'outbox')).some((f) => f.endsWith('.eml')), 'a mail was written');
    assert.ok(readdirSync(path.join(dataDir, 'pglite')).length > 0, 'the database was written');
    // PGlite's in-WebAssembly file system sets 0666 on its files whatever the umask: its folder, like
    // DATA_DIR, is 0700, so no other user can reach them. Everything else is private itself.
    assert.equal(statSync(path.join(dataDir, 'pglite')).mode & 0o777, 0o700);
    assert.deepEqual(openEntries(dataDir).filter((e) => !e.startsWith('pglite/')), []);
    assert.doesNotMatch(api.output(), /abierta a otros usuarios/);
  });

  it('una carpeta existente abierta (0755): avisa al arrancar', { timeout: 180_000 }, async () => {
    const tmp = tempDataDir('shop-datadir-open-');
    cleanups.push(() => tmp.remove());
    const dataDir = path.join(tmp.dir, 'datos');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const api = await spawnApi({ port: await freePort(), dataDir, env: { SEED_DEMO: 'true' } });
    cleanups.push(() => void api.kill());
    assert.equal(await api.kill('SIGTERM'), 0, api.output());
    assert.match(api.output(), new RegExp(`carpeta de datos ${dataDir} está abierta a otros usuarios de esta máquina \\(permisos 0755\\).*chmod -R go-rwx`));
  });
});
