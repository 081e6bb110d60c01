import { randomBytes } from 'node:crypto';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

/*
 * Two modes (issue 22; e2e/support/env.ts):
 * - local (default): starts the API (demo catalogue and accounts, throwaway DATA_DIR) and the production
 *   storefront on E2E_API_PORT / E2E_PORT, and runs every spec;
 * - external: E2E_BASE_URL + E2E_API_URL name a running deployment; nothing is started or seeded, and only
 *   the tagged tests run (@staging on a staging deployment, @smoke read-only, e.g. production after a
 *   deploy; e2e/support/fixtures.ts). `npm run test:e2e:staging` / `test:e2e:smoke` check the variables first.
 */
const EXTERNAL = Boolean(process.env.E2E_BASE_URL);
if (EXTERNAL !== Boolean(process.env.E2E_API_URL)) {
  throw new Error('E2E_BASE_URL (storefront) and E2E_API_URL (API) go together: set both to test a running deployment, or neither.');
}
const PORT = Number(process.env.E2E_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';
const SITE = (process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, '');
const API = `http://localhost:${API_PORT}`;
// One id per run, in every name the suite creates on a shared database (workers inherit it).
process.env.E2E_RUN_ID ??= `qa${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/**
 * Specs that never run against a deployment, and why. Inside the other files, a test without a tag is
 * local-only for the same kinds of reasons (it names them in its own comment or assertion).
 */
export const LOCAL_ONLY: Record<string, string> = {
  'faults.spec.ts': 'starts, kills and scales out its own API and storefront processes',
  'hang.spec.ts': 'stops the API process (SIGSTOP) and starts a listener that never answers',
  'metrics.spec.ts': "scrapes the metrics ports of the processes this config starts (never public)",
  'admin-settings.spec.ts': 'changes what every visitor sees: maintenance, minimums, a transport, VIP on an account',
  'admin-products.spec.ts': 'edits prices, states and images of products it did not create',
  'admin-prices.spec.ts': 'raises and restores the prices of a whole demo category',
  'stock-alerts.spec.ts': "creates and deletes a product, and rings the demo customer's bell",
  'visit.spec.ts': "reads order mails to the shop's own address and edits the demo customer's saved data",
  'xss.spec.ts': 'writes hostile markup into names, addresses and chat of the demo accounts',
  'a11y.spec.ts': 'signs in as every demo role and walks the back-office',
  'keyboard.spec.ts': 'a keyboard-only purchase with the demo password typed in',
  'seo-crawl.spec.ts': 'crawls the whole catalogue (use `npm run seo:audit -- <storefront URL>` against staging)',
  'home.spec.ts': 'needs a carousel of several slides (the demo configuration)',
  'bad-path.spec.ts': 'raw TCP to the storefront port, no TLS',
  'screenshots.spec.ts': 'a design tool, SHOTS=1 only',
};
const REVALIDATE_SECRET = process.env.REVALIDATE_SECRET ?? 'e2e-revalidate-secret';
// Metrics listeners (e2e/metrics.spec.ts), offset from each run's own ports so parallel runs do not meet.
export const E2E_METRICS = {
  api: `http://127.0.0.1:${API_PORT + 5100}/metrics`,
  storefront: `http://127.0.0.1:${PORT + 6000}/metrics`,
  token: 'e2e-metrics-token-0123456789',
};

const chromiumArgs = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

// The processes of the local mode: the API on a throwaway data dir with the demo data, the production storefront.
const servers: PlaywrightTestConfig['webServer'] = [
  {
    command: 'npx tsx server/main.ts',
    url: `${API}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      API_PORT: String(API_PORT),
      DATA_DIR,
      STOREFRONT_ORIGINS: SITE,
      PUBLIC_SITE_URL: SITE,
      STOREFRONT_URL: SITE,
      REVALIDATE_SECRET,
      // the browser and the test runner call the API from loopback: exempt from the global limit only
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(API_PORT + 5100),
      METRICS_TOKEN: E2E_METRICS.token,
      // the suite runs on the demo catalogue and accounts, whatever NODE_ENV the runner has
      SEED_DEMO: 'true',
      // ~150 sign-ins from one address in a run: more than the default 20 a minute (failed logins keep their limits)
      LOGIN_RATE_LIMIT_PER_MINUTE: '600',
    },
  },
  {
    command: `npx next start -p ${PORT}`,
    url: `${SITE}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      SHOP_API_URL: API,
      PUBLIC_API_URL: API,
      PUBLIC_SITE_URL: SITE,
      REVALIDATE_SECRET,
      NEXT_TELEMETRY_DISABLED: '1',
      STOREFRONT_METRICS_PORT: String(PORT + 6000),
      METRICS_TOKEN: E2E_METRICS.token,
    },
  },
];

export default defineConfig({
  testDir: './e2e',
  // Screenshots are a tool for looking at the design, not assertions: only with SHOTS=1.
  testIgnore: EXTERNAL ? Object.keys(LOCAL_ONLY).map((f) => `**/${f}`) : process.env.SHOTS ? [] : ['**/screenshots.spec.ts'],
  // Against a deployment only tagged tests run, whatever `--grep` narrows them to.
  grep: EXTERNAL ? /@staging|@smoke/ : undefined,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Against a deployment QA also gets the HTML report (playwright-report/) to attach to what it tested.
  reporter: EXTERNAL ? [['list'], ['html', { open: 'never' }]] : [['list']],
  // A deployment is further away than loopback (and its mail goes through an SMTP queue): more time per test and per expectation.
  timeout: EXTERNAL ? 90_000 : 45_000,
  expect: { timeout: EXTERNAL ? 10_000 : 5_000 },
  use: { baseURL: SITE, locale: 'es-AR', trace: 'retain-on-failure' },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        locale: 'es-AR',
        launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
      },
    },
  ],
  webServer: EXTERNAL ? undefined : servers,
});
