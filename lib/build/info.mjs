// What code a process runs, for health answers and QA reports: the package version and the git commit.
// SHOP_COMMIT (set by a deploy that ships no .git) wins; otherwise `git rev-parse HEAD` of the checkout,
// else 'unknown'. Plain ESM so next.config.mjs (at build time) and the API (at start) share it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);

export function packageVersion() {
  return JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')).version;
}

let fromGit;

export function gitCommit(env = process.env) {
  if (env.SHOP_COMMIT) return env.SHOP_COMMIT;
  if (fromGit === undefined) {
    try {
      fromGit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 3000 }).trim() || 'unknown';
    } catch {
      fromGit = 'unknown';
    }
  }
  return fromGit;
}
