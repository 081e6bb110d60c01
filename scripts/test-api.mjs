#!/usr/bin/env node
// API integration tests: node's test runner through tsx, one process per file (each file builds its own
// databases). Set TEST_DATABASE_URL=postgres://… to also run every suite against PostgreSQL, and
// TEST_DB_KINDS=pglite or =postgres to run the suites on one of the two only (server/test/helpers.ts).
//
// Two passes, so CI fits its time on a 2-core machine: the files that share nothing run two at a time
// (their databases are throwaways, their ports ephemeral); then, one at a time, the files that cannot share
// the machine — they use the one Redis (its keys and channels are global), start, stop or kill real
// processes, or hold a fault against a deadline. A file is put in the second pass by what its text uses
// (ALONE below), so a new test of that kind lands there without anyone keeping a list; any other file that
// must not share says so in a comment: `runs alone: <why>`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'server', 'test');
// `--pass shared` or `--pass alone`: one of the two passes below (CI's Node 20 check runs the shared one).
const argv = process.argv.slice(2);
const passAt = argv.indexOf('--pass');
const onlyPass = passAt >= 0 ? argv.splice(passAt, 2)[1] : null;
if (onlyPass !== null && onlyPass !== 'shared' && onlyPass !== 'alone') {
  console.error('--pass: shared o alone');
  process.exit(2);
}
const only = argv;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => !only.length || only.some((o) => f.includes(path.basename(o)))) // a name part or a path
  .sort();

if (!files.length) {
  console.error('No hay archivos de prueba en server/test');
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.log('# TEST_DATABASE_URL no está definida: las suites de PostgreSQL se omiten (sólo PGlite).');
}

/** Redis (shared by every process), real processes (child_process, the fault and hang harnesses), signals. */
const ALONE = /\bredisUrl\b|TEST_REDIS_URL|child_process|faults-support|hang-support|SIGSTOP|SIGKILL|runs alone:/;
const alone = new Set(files.filter((f) => ALONE.test(readFileSync(path.join(dir, f), 'utf8'))));
const passes = [
  { id: 'shared', name: 'de a dos', concurrency: 2, files: files.filter((f) => !alone.has(f)) },
  { id: 'alone', name: 'de a uno (Redis, procesos reales, plazos)', concurrency: 1, files: files.filter((f) => alone.has(f)) },
].filter((p) => p.files.length && (!onlyPass || p.id === onlyPass));
if (!passes.length) {
  console.error(`Ningún archivo elegido va en la pasada ${onlyPass}`);
  process.exit(1);
}

let status = 0;
for (const pass of passes) {
  if (passes.length > 1) console.log(`# pasada ${pass.name}: ${pass.files.length} archivos`);
  const args = ['--import', 'tsx', '--test', `--test-concurrency=${pass.concurrency}`, ...pass.files.map((f) => path.join('server', 'test', f))];
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'test' },
  });
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
