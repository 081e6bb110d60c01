import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';
const SITE = `http://localhost:${PORT}`;
const API = `http://localhost:${API_PORT}`;
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

export default defineConfig({
  testDir: './e2e',
  // Screenshots are a tool for looking at the design, not assertions: only with SHOTS=1.
  testIgnore: process.env.SHOTS ? [] : ['**/screenshots.spec.ts'],
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 45_000,
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
  webServer: [
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
  ],
});
