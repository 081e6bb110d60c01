/**
 * deploy/nginx.conf with its marked lines filled in: the storefront and API instances, the two listen
 * addresses, the build's static folder; in the foreground with every path under a prefix of its own, so it
 * runs without root next to anything else. Used by `npm run topology` (deploy/local/topology.ts) and
 * `npm run bench -- storefront --nginx`: both run the very file a deployment uses.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export type NginxSite = {
  /** host:port of each storefront (`next start`) */
  storefronts: string[];
  /** host:port of each shop API (omit: the API block keeps its placeholder and is not used) */
  apis?: string[];
  /** host:port nginx listens on for the storefront */
  listen: string;
  /** host:port for the API block (default: a port nobody uses, when there are no APIs) */
  listenApi?: string;
  /** `<distDir>/static` of the running build */
  staticDir: string;
};

function replaceOnce(conf: string, from: string, to: string): string {
  if (!conf.includes(from)) throw new Error(`deploy/nginx.conf ya no contiene «${from}»`);
  return conf.replace(from, to);
}

export function renderNginxConf(site: NginxSite): string {
  let conf = readFileSync(path.join(DEPLOY, 'nginx.conf'), 'utf8');
  conf = replaceOnce(conf, '    server 127.0.0.1:3000;  # <- the storefront (next start); one line per instance', site.storefronts.map((s) => `    server ${s};`).join('\n'));
  if (site.apis?.length) {
    conf = replaceOnce(conf, '    server 127.0.0.1:4000 max_fails=1 fail_timeout=5s;  # <- each shop API; one line per instance', site.apis.map((a) => `    server ${a} max_fails=1 fail_timeout=5s;`).join('\n'));
  }
  conf = replaceOnce(conf, 'listen 8080;', `listen ${site.listen};`);
  conf = replaceOnce(conf, 'listen 8081;', `listen ${site.listenApi ?? '127.0.0.1:1'};`);
  conf = replaceOnce(conf, 'alias /srv/shop/.next/static/;', `alias ${site.staticDir}/;`);
  return replaceOnce(conf, 'worker_processes auto;', `worker_processes 2;\ndaemon off;${process.getuid?.() === 0 ? '\nuser root;' : ''}`);
}

/** Checks (`nginx -t`) and starts the configuration under `prefix`; the caller stops the child. */
export function startNginx(prefix: string, conf: string): ChildProcess {
  for (const d of ['logs', 'temp', 'cache']) mkdirSync(path.join(prefix, d), { recursive: true });
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, conf);
  const test = spawnSync(NGINX_BIN, ['-t', '-p', `${prefix}/`, '-c', file], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t falló:\n${test.stderr}`);
  return spawn(NGINX_BIN, ['-p', `${prefix}/`, '-c', file], { stdio: ['ignore', 'ignore', 'inherit'] });
}
