#!/usr/bin/env node
// API integration tests: node's test runner through tsx, one file at a time (each file builds its own
// databases). Set TEST_DATABASE_URL=postgres://… to also run every suite against PostgreSQL.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'server', 'test');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => !only.length || only.some((o) => f.includes(path.basename(o)))) // a name part or a path
  .sort()
  .map((f) => path.join('server', 'test', f));

if (!files.length) {
  console.error('No hay archivos de prueba en server/test');
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.log('# TEST_DATABASE_URL no está definida: las suites de PostgreSQL se omiten (sólo PGlite).');
}

const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'test' },
});
process.exit(result.status ?? 1);
