import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';
const SITE = `http://localhost:${PORT}`;
const API = `http://localhost:${API_PORT}`;
const REVALIDATE_SECRET = process.env.REVALIDATE_SECRET ?? 'e2e-revalidate-secret';

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
        LOG_LEVEL: 'warn',
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
      },
    },
  ],
});
