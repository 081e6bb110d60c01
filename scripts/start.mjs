#!/usr/bin/env node
// Starts the shop API and the storefront together; Ctrl-C stops both.
//   node scripts/start.mjs         production: builds the storefront first if there is no build
//   node scripts/start.mjs --dev   both processes with reload
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const dev = process.argv.includes('--dev');
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '4000';
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');

// The data folder (database, secrets, mails with live links) is for this user only: everything both
// processes create is private (the umask is inherited), and the folder is created 0700. The API warns
// about a folder an older version left open.
process.umask(0o077);
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

// The API calls the storefront's revalidate endpoint with a shared secret; when none is configured,
// generate one once and hand the same value to both processes.
function revalidateSecret() {
  if (process.env.REVALIDATE_SECRET) return process.env.REVALIDATE_SECRET;
  const file = path.join(dataDir, 'revalidate-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const env = {
  ...process.env,
  API_PORT: apiPort,
  SHOP_API_URL: process.env.SHOP_API_URL ?? `http://localhost:${apiPort}`,
  STOREFRONT_URL: process.env.STOREFRONT_URL ?? `http://localhost:${port}`,
  REVALIDATE_SECRET: revalidateSecret(),
  NEXT_TELEMETRY_DISABLED: '1',
};

if (!dev && !existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.log('[start] no storefront build found: running next build (once)…');
  const r = spawnSync(bin('next'), ['build'], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const children = [];
let stopping = false;

function run(name, cmd, args) {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((l) => l.length)
      .map((l) => `[${name}] ${l}`)
      .join('\n') + '\n';
  child.stdout.on('data', (d) => process.stdout.write(prefix(d)));
  child.stderr.on('data', (d) => process.stderr.write(prefix(d)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    process.exit(code);
  }, 8000);
  deadline.unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() =>
    process.exit(code),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

if (dev) {
  // the OpenAPI UI at /docs is opt-in (API_DOCS=1); on while developing
  env.API_DOCS ??= '1';
  run('api', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts']);
  run('web', bin('next'), ['dev', '-p', port]);
} else {
  run('api', bin('tsx'), ['server/main.ts']);
  run('web', bin('next'), ['start', '-p', port]);
}
console.log(`[start] storefront http://localhost:${port}  ·  API http://localhost:${apiPort}` + (env.API_DOCS === '1' || env.API_DOCS === 'true' ? ' (docs at /docs)' : ''));
