#!/usr/bin/env node
// `npm run test:e2e:staging` / `npm run test:e2e:smoke` (issue 22): the Playwright suite against a running
// deployment, by URL. Checks the variables first (and refuses, saying what to set), prints what is tested
// (both URLs, and the version and commit each process reports), then runs the tagged subset. Extra
// arguments go to Playwright (e.g. `npm run test:e2e:staging -- e2e/checkout.spec.ts`).
import { spawnSync } from 'node:child_process';

const MODES = {
  staging: {
    tag: '@staging',
    accounts: ['E2E_CUSTOMER_EMAIL', 'E2E_CUSTOMER_PASSWORD', 'E2E_VIP_EMAIL', 'E2E_VIP_PASSWORD', 'E2E_STAFF_EMAIL', 'E2E_STAFF_PASSWORD'],
    what: 'the staging-safe subset (writes only its own rows, and cleans them up)',
  },
  smoke: { tag: '@smoke', accounts: [], what: 'the read-only smoke subset (no writes: safe on production)' },
};

const mode = MODES[process.argv[2]];
if (!mode) {
  console.error('Uso: node scripts/test-e2e-external.mjs staging|smoke [argumentos de Playwright]');
  process.exit(2);
}
const env = process.env;
const missing = ['E2E_BASE_URL', 'E2E_API_URL', ...mode.accounts].filter((v) => !env[v]);
if (missing.length) {
  console.error(`Missing: ${missing.join(', ')}.

npm run test:e2e:${process.argv[2]} runs ${mode.what} against a running deployment and starts nothing:
  E2E_BASE_URL      the storefront, e.g. https://staging.tienda.example
  E2E_API_URL       the shop API,   e.g. https://api.staging.tienda.example${
    mode.accounts.length
      ? `
  E2E_CUSTOMER_EMAIL / E2E_CUSTOMER_PASSWORD   a customer test account
  E2E_VIP_EMAIL / E2E_VIP_PASSWORD             a VIP customer test account
  E2E_STAFF_EMAIL / E2E_STAFF_PASSWORD         a staff (superadmin) test account
  (staff creates them once on the deployment: npm run accounts:create -- --role customer|vipcustomer|superadmin …)
optional:
  E2E_MAIL_API_URL  a Mailpit-compatible API of the catcher the deployment's SMTP_URL delivers to (else the
                    mail flows — register, forgot password, auto-login — are skipped)`
      : ''
  }
See README.md, "QA against a deployment".`);
  process.exit(2);
}

const trim = (u) => u.replace(/\/+$/, '');
const site = trim(env.E2E_BASE_URL);
const api = trim(env.E2E_API_URL);

async function health(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = await res.json().catch(() => null);
    if (!res.ok || !body?.data) return { ok: false, text: `${res.status} ${res.statusText}` };
    return { ok: true, text: `version ${body.data.version ?? '?'}, commit ${body.data.commit ?? '?'}` };
  } catch (err) {
    return { ok: false, text: err.cause?.code ?? err.message };
  }
}

const [apiHealth, siteHealth] = await Promise.all([health(`${api}/health`), health(`${site}/api/health`)]);
console.log(`[e2e:${process.argv[2]}] ${mode.tag} against a running deployment (nothing is started or seeded)`);
console.log(`  storefront ${site}  ${siteHealth.text}`);
console.log(`  API        ${api}  ${apiHealth.text}`);
if (mode.accounts.length) {
  console.log(`  accounts   ${env.E2E_CUSTOMER_EMAIL} (customer), ${env.E2E_VIP_EMAIL} (VIP), ${env.E2E_STAFF_EMAIL} (staff)`);
  console.log(`  mail       ${env.E2E_MAIL_API_URL ? `${trim(env.E2E_MAIL_API_URL)} (Mailpit API)` : 'E2E_MAIL_API_URL not set: the mail flows are skipped'}`);
}
if (!apiHealth.ok || !siteHealth.ok) {
  console.error(`The deployment does not answer its health checks (${api}/health, ${site}/api/health): nothing was run.`);
  process.exit(1);
}

const started = Date.now();
const r = spawnSync('npx', ['playwright', 'test', '--grep', mode.tag, ...process.argv.slice(3)], { stdio: 'inherit', env: { ...env, NEXT_TELEMETRY_DISABLED: '1' } });
console.log(`[e2e:${process.argv[2]}] ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(r.status ?? 1);
