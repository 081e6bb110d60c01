/**
 * `npm run topology`: the multi-host deployment of deploy/README.md on this machine (2 APIs, 2 storefronts,
 * nginx, PostgreSQL, Redis, an S3 endpoint), on loopback, until Ctrl-C. Needs a build (`npm run build`),
 * redis-server and nginx (Debian: apt-get install redis-server nginx-light) and a PostgreSQL server.
 *
 *   npm run topology -- [--base-port 5400] [--redis-port 6390] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--dir <folder>]
 *
 * Ports from --base-port: +0 the shop (nginx), +1 the API (nginx), +10.. storefronts, +20.. APIs, +30 S3.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startTopology } from './topology';

const { values } = parseArgs({
  options: {
    'base-port': { type: 'string', default: '5400' },
    'redis-port': { type: 'string', default: '6390' },
    pg: { type: 'string', default: process.env.TOPOLOGY_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    dir: { type: 'string' },
    instances: { type: 'string', default: '2' },
  },
  strict: true,
});
const base = Number(values['base-port']);
const n = Number(values.instances);
if (!Number.isInteger(base) || base < 1024 || base > 65000 || !Number.isInteger(n) || n < 1 || n > 9) {
  console.error('--base-port entre 1024 y 65000, --instances entre 1 y 9');
  process.exit(2);
}
const dir = values.dir ? path.resolve(values.dir) : mkdtempSync(path.join(os.tmpdir(), 'shop-topology-'));
const range = (from: number) => Array.from({ length: n }, (_, i) => from + i);

console.log(`topología en ${dir}`);
const topology = await startTopology({
  dir,
  adminDatabaseUrl: values.pg,
  ports: { site: base, api: base + 1, storefronts: range(base + 10), apis: range(base + 20), s3: base + 30, redis: Number(values['redis-port']) },
  log: (m) => console.log(`  ${m}`),
}).catch((err: Error) => {
  console.error(`No arrancó: ${err.message}`);
  process.exit(1);
});

console.log(`\nLista: la tienda en ${topology.site}, la API en ${topology.api} (cliente@example.com / tienda-demo). Ctrl-C detiene todo y borra la base.`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\ndeteniendo…');
  await topology.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
