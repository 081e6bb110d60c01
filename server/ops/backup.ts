/**
 * Backups of everything the shop keeps: the database and every stored file under $DATA_DIR (public
 * uploads, private order documents), as one directory with a manifest of counts and SHA-256 checksums.
 *
 *   <out>/manifest.json             format, time, database kind, row counts per table, every file's size + sha256
 *   <out>/db/pglite.tar.gz          PGlite: the data directory, taken inside PGlite's transaction lock
 *   <out>/db/postgres.dump          PostgreSQL: pg_dump --format=custom under an exported snapshot
 *   <out>/files/<path under DATA_DIR>
 *
 * Consistency without stopping the shop: PGlite is dumped while holding its transaction mutex (a
 * transaction, e.g. an order with its lines, is wholly before or after the dump) after a CHECKPOINT; on
 * PostgreSQL the row counts and pg_dump read the same exported REPEATABLE READ snapshot. The database is
 * copied before the files, and order files are written before the row that names them, so every file
 * the dump references is already on disk when the files are copied.
 *
 * Restore checks every checksum BEFORE touching anything, refuses a non-empty target unless forced, and
 * compares the restored row counts with the manifest.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { pgliteDirFor } from '../db/client';
import { lockDataDir } from '../db/lock';

const gzipAsync = promisify(gzip);

const BACKUP_FORMAT = 1;
const MANIFEST = 'manifest.json';

type FileEntry = { path: string; bytes: number; sha256: string };
export type Manifest = {
  format: number;
  app: 'tienda-sahumerios';
  createdAt: string;
  /** lockedMs (PGlite): how long the shop's queries waited for the dump */
  database: FileEntry & { kind: 'pglite' | 'pg'; counts: Record<string, number>; lockedMs?: number };
  files: FileEntry[];
  totals: { files: number; fileBytes: number; bytes: number };
  seconds: number;
};

/** A backup that cannot be restored, or a restore that must not run; `file` names the culprit. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly file?: string,
  ) {
    super(message);
  }
}

/** Entries of DATA_DIR that are not shop data (the database has its own dump; these are ours or transient). */
const OPS_DIR = 'ops';
const BACKUP_SOCKET = '.backup.sock';
function skipped(rel: string): boolean {
  const top = rel.split('/')[0]!;
  return top === 'pglite' || top === OPS_DIR || top === BACKUP_SOCKET || rel.endsWith('.tmp');
}

/** File holding the last successful backup (read by the API's metrics: shop_backup_last_success_timestamp_seconds). */
export function backupStatusFile(dataDir: string): string {
  return path.join(dataDir, OPS_DIR, 'last-backup.json');
}

/* ------------------------------------------------------------------ helpers */

async function sha256File(file: string): Promise<{ bytes: number; sha256: string }> {
  const h = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    h.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: h.digest('hex') };
}

/** Copies a file while hashing it. */
async function copyHashed(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  await mkdir(path.dirname(to), { recursive: true });
  const h = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      h.update(chunk);
      bytes += chunk.length;
      cb(null, chunk);
    },
  });
  await pipeline(createReadStream(from), tap, createWriteStream(to, { mode: 0o600 }));
  return { bytes, sha256: h.digest('hex') };
}

/** Regular files under `root` (relative, '/'-separated, sorted), without the skipped entries. */
async function listFiles(root: string, skip: (rel: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip(r)) continue;
      if (e.isDirectory()) await walk(r);
      else if (e.isFile()) out.push(r);
    }
  };
  await walk('');
  return out.sort();
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err) => reject(new BackupError(`no se pudo ejecutar ${cmd} (¿está instalado el cliente de PostgreSQL?): ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} terminó con código ${code}: ${stderr.trim()}`))));
  });
}

/** Row count of every table of the application's schema (public), by table name. */
type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;
async function countRows(query: Query): Promise<Record<string, number>> {
  const { rows } = await query(
    "select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { t } of rows) {
    const r = await query(`select count(*)::int as n from public."${String(t).replace(/"/g, '""')}"`);
    counts[String(t)] = Number(r.rows[0]!.n);
  }
  return counts;
}

/* ------------------------------------------------------------------ PGlite */

/**
 * A consistent image of a live PGlite. dumpDataDir alone only waits for the current statement, so it
 * could land between two statements of a transaction; holding the transaction mutex, which every query
 * and transaction takes, makes it fall between transactions. PGlite runs one query at a time, so the
 * shop waits while the mutex is held: only the uncompressed copy happens inside it (gzip, the slow
 * part, runs afterwards on libuv's threads). The CHECKPOINT before keeps the WAL the restore replays short.
 */
async function dumpPglite(client: PGlite): Promise<{ gz: Buffer; lockedMs: number }> {
  await client.exec('CHECKPOINT');
  let lockedMs = 0;
  const tar = await client._runExclusiveTransaction(async () => {
    const t0 = performance.now();
    const blob = await client.dumpDataDir('none');
    const buf = Buffer.from(await blob.arrayBuffer());
    lockedMs = Math.round(performance.now() - t0);
    return buf;
  });
  return { gz: await gzipAsync(tar), lockedMs };
}

async function pgliteCounts(dump: Buffer): Promise<Record<string, number>> {
  // Loading the dump into a throw-away in-memory PGlite both counts the rows and proves it opens.
  const copy = new PGlite({ loadDataDir: new Blob([new Uint8Array(dump)]), extensions: { pg_trgm } });
  await copy.waitReady;
  try {
    return await countRows((sql) => copy.query(sql));
  } finally {
    await copy.close();
  }
}

/** Serves dumps of the API's own PGlite on a unix socket in DATA_DIR (only whoever can read DATA_DIR reaches it). */
export function serveBackupSocket(dataDir: string, client: PGlite): Promise<http.Server | null> {
  const socket = path.join(dataDir, BACKUP_SOCKET);
  // sun_path is 108 bytes: a longer DATA_DIR cannot host the socket (backups then need the API stopped).
  if (Buffer.byteLength(socket) > 100) return Promise.resolve(null);
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/pglite') {
      res.writeHead(404).end();
      return;
    }
    dumpPglite(client).then(
      ({ gz, lockedMs }) => res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': gz.length, 'x-locked-ms': String(lockedMs) }).end(gz),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(err.message),
    );
  });
  return new Promise((resolve, reject) => {
    // a socket file left by a crashed API would make listen() fail with EADDRINUSE
    rm(socket, { force: true }).then(() => {
      server.once('error', reject);
      server.listen(socket, () => {
        server.off('error', reject);
        server.on('close', () => void rm(socket, { force: true }));
        resolve(server);
      });
    }, reject);
  });
}

function dumpThroughSocket(dataDir: string): Promise<{ gz: Buffer; lockedMs: number }> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: 'POST', path: '/pglite' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve({ gz: body, lockedMs: Number(res.headers['x-locked-ms']) || 0 });
        else reject(new BackupError(`la API no pudo volcar la base: ${body.toString('utf8')}`));
      });
      res.on('error', reject);
    });
    req.on('error', (err) =>
      reject(new BackupError(`la base embebida está en uso por la API y su socket de respaldo (${socketPath}) no responde: ${err.message}`)),
    );
    req.end();
  });
}

/** Dumps the PGlite of a deployment: from the running API through its socket, or directly when it is stopped. */
async function dumpPgliteDeployment(dataDir: string, inProcess?: PGlite): Promise<{ gz: Buffer; lockedMs: number }> {
  if (inProcess) return dumpPglite(inProcess);
  const dir = pgliteDirFor(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`no hay una base embebida en ${dir}`);
  let release: (() => void) | undefined;
  try {
    release = lockDataDir(dir, 'backup');
  } catch {
    return dumpThroughSocket(dataDir); // the API holds it: ask the API
  }
  try {
    const client = new PGlite(dir, { extensions: { pg_trgm } });
    await client.waitReady;
    try {
      return await dumpPglite(client);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/* -------------------------------------------------------------- PostgreSQL */

async function dumpPostgres(databaseUrl: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The counts and pg_dump read the same snapshot, held open by this transaction.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ s: string }>('select pg_export_snapshot() as s');
    const counts = await countRows((sql) => client.query(sql));
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.s}`, `--file=${file}`, `--dbname=${databaseUrl}`]);
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

/* ------------------------------------------------------------------ backup */

export type BackupOptions = {
  dataDir: string;
  databaseUrl?: string;
  out: string;
  /** the PGlite of this very process (tests; the API itself) instead of opening DATA_DIR or asking the API */
  pglite?: PGlite;
  log?: (msg: string) => void;
};

export async function backup(opts: BackupOptions): Promise<Manifest> {
  const started = Date.now();
  const out = path.resolve(opts.out);
  const log = opts.log ?? (() => {});
  const existing = await readdir(out).catch(() => null);
  if (existing && existing.length) throw new BackupError(`el destino ${out} no está vacío: elegí una carpeta nueva`, out);
  // Written beside, renamed at the end: a half-written backup never looks like a backup.
  const tmp = `${out}.partial-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(path.join(tmp, 'db'), { recursive: true, mode: 0o700 });
  try {
    let database: Manifest['database'];
    if (opts.databaseUrl) {
      log('base PostgreSQL: pg_dump…');
      const rel = 'db/postgres.dump';
      const counts = await dumpPostgres(opts.databaseUrl, path.join(tmp, rel));
      database = { kind: 'pg', path: rel, ...(await sha256File(path.join(tmp, rel))), counts };
    } else {
      log('base embebida (PGlite): volcado…');
      const rel = 'db/pglite.tar.gz';
      const { gz: dump, lockedMs } = await dumpPgliteDeployment(opts.dataDir, opts.pglite);
      await writeFile(path.join(tmp, rel), dump, { mode: 0o600 });
      const counts = await pgliteCounts(dump);
      database = { kind: 'pglite', path: rel, bytes: dump.length, sha256: createHash('sha256').update(dump).digest('hex'), counts, lockedMs };
    }

    log('archivos…');
    const files: FileEntry[] = [];
    for (const rel of await listFiles(opts.dataDir, skipped)) {
      try {
        files.push({ path: rel, ...(await copyHashed(path.join(opts.dataDir, rel), path.join(tmp, 'files', rel))) });
      } catch (err) {
        // deleted between listing and copying (a replaced image): it is no longer part of the shop
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    const fileBytes = files.reduce((s, f) => s + f.bytes, 0);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: 'tienda-sahumerios',
      createdAt: new Date(started).toISOString(),
      database,
      files,
      totals: { files: files.length, fileBytes, bytes: fileBytes + database.bytes },
      seconds: (Date.now() - started) / 1000,
    };
    await writeFile(path.join(tmp, MANIFEST), JSON.stringify(manifest, null, 1));
    await rm(out, { recursive: true, force: true }); // only an empty dir can be here (checked above)
    await rename(tmp, out);
    await mkdir(path.dirname(backupStatusFile(opts.dataDir)), { recursive: true });
    await writeFile(
      backupStatusFile(opts.dataDir),
      JSON.stringify({ at: Date.now() / 1000, dir: out, bytes: manifest.totals.bytes, seconds: manifest.seconds }),
    );
    return manifest;
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

/* ------------------------------------------------------------------ verify */

/** Reads the manifest and checks every file's presence, size and checksum; throws naming the first bad file. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const root = path.resolve(dir);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(root, MANIFEST), 'utf8')) as Manifest;
  } catch (err) {
    throw new BackupError(`no se puede leer ${MANIFEST}: ${(err as Error).message}`, MANIFEST);
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.app !== 'tienda-sahumerios' || !manifest.database || !Array.isArray(manifest.files)) {
    throw new BackupError(`${MANIFEST} no es un respaldo de esta tienda (formato ${BACKUP_FORMAT})`, MANIFEST);
  }
  const entries = [manifest.database, ...manifest.files.map((f) => ({ ...f, path: `files/${f.path}` }))];
  for (const e of entries) {
    const file = path.resolve(root, e.path);
    // a manifest must not point outside the backup
    if (!file.startsWith(root + path.sep)) throw new BackupError(`ruta inválida en el manifiesto: ${e.path}`, e.path);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new BackupError(`falta el archivo ${e.path}`, e.path);
    if (info.size !== e.bytes) throw new BackupError(`${e.path} está truncado o alterado: ${info.size} bytes, el manifiesto dice ${e.bytes}`, e.path);
    const { sha256 } = await sha256File(file);
    if (sha256 !== e.sha256) throw new BackupError(`${e.path} está dañado: su SHA-256 no coincide con el manifiesto`, e.path);
  }
  return manifest;
}

/* ----------------------------------------------------------------- restore */

export type RestoreOptions = {
  dir: string;
  dataDir: string;
  databaseUrl?: string;
  /** overwrite a deployment that already has data */
  force?: boolean;
  log?: (msg: string) => void;
};

async function postgresHasData(databaseUrl: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n > 0;
  } finally {
    await c.end();
  }
}

async function wipePostgres(databaseUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('begin');
    await c.query('drop schema if exists drizzle cascade');
    await c.query('drop schema if exists public cascade');
    await c.query('create schema public');
    await c.query('commit');
  } finally {
    await c.end();
  }
}

export async function restore(opts: RestoreOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const root = path.resolve(opts.dir);
  log('verificando sumas de control…');
  const manifest = await verifyBackup(root);
  const targetKind = opts.databaseUrl ? 'pg' : 'pglite';
  if (manifest.database.kind !== targetKind) {
    throw new BackupError(
      `el respaldo es de ${manifest.database.kind === 'pg' ? 'PostgreSQL' : 'PGlite'} y el destino es ${targetKind === 'pg' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (sin DATABASE_URL)'}: restaurá en el mismo tipo de base`,
      manifest.database.path,
    );
  }

  const pgliteDir = pgliteDirFor(opts.dataDir);
  // Held for the whole restore: the API (or a seed) cannot open the embedded database meanwhile.
  let release = () => {};
  if (targetKind === 'pglite') {
    try {
      release = lockDataDir(pgliteDir, 'restore');
    } catch (err) {
      throw new BackupError(`${(err as Error).message} No se modificó nada.`);
    }
  }
  try {
    const storedFiles = await listFiles(opts.dataDir, skipped);
    const dbHasData = opts.databaseUrl ? await postgresHasData(opts.databaseUrl) : existsSync(path.join(pgliteDir, 'PG_VERSION'));
    if ((dbHasData || storedFiles.length) && !opts.force) {
      const what = [dbHasData ? 'la base de datos tiene datos' : '', storedFiles.length ? `${opts.dataDir} tiene ${storedFiles.length} archivos` : '']
        .filter(Boolean)
        .join(' y ');
      throw new BackupError(`el destino no está vacío (${what}): no se modificó nada. Usá --force para reemplazarlo.`);
    }

    if (opts.force) {
      log('--force: borrando la base y los archivos actuales…');
      if (opts.databaseUrl) await wipePostgres(opts.databaseUrl);
      else for (const e of await readdir(pgliteDir)) if (e !== '.lock') await rm(path.join(pgliteDir, e), { recursive: true, force: true });
      for (const rel of storedFiles) await rm(path.join(opts.dataDir, rel), { force: true });
    }

    log('restaurando la base…');
    const dbFile = path.join(root, manifest.database.path);
    let counts: Record<string, number>;
    if (opts.databaseUrl) {
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${opts.databaseUrl}`, dbFile]);
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      try {
        counts = await countRows((sql) => c.query(sql));
      } finally {
        await c.end();
      }
    } else {
      const lock = await readFile(path.join(pgliteDir, '.lock'));
      const client = new PGlite(pgliteDir, { loadDataDir: new Blob([new Uint8Array(await readFile(dbFile))]), extensions: { pg_trgm } });
      await client.waitReady;
      try {
        counts = await countRows((sql) => client.query(sql));
      } finally {
        await client.close();
      }
      await writeFile(path.join(pgliteDir, '.lock'), lock); // the dump carried the old API's lock file
    }
    for (const [table, n] of Object.entries(manifest.database.counts)) {
      if (counts[table] !== n) throw new BackupError(`la tabla ${table} quedó con ${counts[table]} filas y el respaldo tiene ${n}`, manifest.database.path);
    }

    log(`restaurando ${manifest.files.length} archivos…`);
    for (const f of manifest.files) {
      const copied = await copyHashed(path.join(root, 'files', f.path), path.join(opts.dataDir, f.path));
      if (copied.sha256 !== f.sha256) throw new BackupError(`files/${f.path} cambió durante la restauración`, `files/${f.path}`);
    }
    return manifest;
  } finally {
    release();
  }
}
