import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { freePort, startApi, startStorefront, tempDir, type Proc } from './faults-processes';
import { fillLogin } from './support/session';

/**
 * Short access tokens + the HttpOnly rotating refresh cookie (issue 19 item 13, ADR 0005), in real Chromium
 * against the production build. Its own API (ACCESS_TOKEN_TTL_S=8) and storefront, so the shared pair of
 * the other specs keeps the 15-minute default: a signed-in customer keeps using the shop — cart, orders
 * list (a client island), one order (rendered per request with the token: /renew-session), its chat (a
 * POST and the socket) — across several access-token lifetimes without being logged out, and no cookie the
 * page can read ever carries the refresh token.
 */

const TTL_S = 8;
const SECRET = 'e2e-session-refresh-secret';
const CUSTOMER = { email: 'cliente@example.com', password: 'tienda-demo' };
const EXPIRED = 'La sesion ha expirado, inicia sesion nuevamente';

let api: Proc | undefined;
let site: Proc | undefined;
let apiUrl = '';
let siteUrl = '';
const data = tempDir('e2e-session-data-');
const logs = tempDir('e2e-session-logs-');

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const [apiPort, sitePort] = [await freePort(), await freePort()];
  siteUrl = `http://localhost:${sitePort}`;
  apiUrl = `http://localhost:${apiPort}`;
  api = await startApi({
    port: apiPort,
    dataDir: data.dir,
    logDir: logs.dir,
    storefrontUrl: siteUrl,
    secret: SECRET,
    env: { ACCESS_TOKEN_TTL_S: String(TTL_S), RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1' },
  });
  site = await startStorefront({ port: sitePort, apiUrl, secret: SECRET, logDir: logs.dir });
});

test.afterAll(async () => {
  await site?.kill();
  await api?.kill();
  data.remove();
  logs.remove();
});

/** A pickup order of the demo customer, through the API (so the order page and its chat exist). */
async function customerOrder(): Promise<number> {
  const j = async (res: Response) => {
    const body = (await res.json()) as { data: unknown; message?: string };
    if (!res.ok) throw new Error(`${res.url}: ${res.status} ${body.message}`);
    return body.data as never;
  };
  const login: { token: string } = await j(await fetch(`${apiUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CUSTOMER) }));
  const headers = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
  const config: { minLocalPrice: number; minOrderPrice: number } = await j(await fetch(`${apiUrl}/api/config`));
  const target = Math.max(config.minLocalPrice, config.minOrderPrice) * 1.5;
  type P = { id: number; isVariable: boolean; state: string; price: number; min: number; max: number | null; steps: number };
  const items: { items: P[] } = await j(await fetch(`${apiUrl}/api/products?rows=48&page=1`));
  const p = items.items.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && !x.max)!;
  const step = p.steps || 1;
  const units = Math.max(p.min || 1, Math.ceil(Math.ceil(target / p.price) / step) * step * 2);
  const billing: { id: number }[] = await j(await fetch(`${apiUrl}/api/user/myBillingData`, { headers }));
  let billingDataId = billing[0]?.id;
  if (!billingDataId) {
    for (;;) {
      const base = `20${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
      const r = 11 - ([...base].reduce((s, d, i) => s + Number(d) * weights[i]!, 0) % 11);
      if (r === 10) continue;
      const created: { id: number } = await j(
        await fetch(`${apiUrl}/api/billing`, { method: 'POST', headers, body: JSON.stringify({ taxCondition: 'Consumidor Final', documentType: 'CUIT', number: `${base}${r === 11 ? 0 : r}` }) }),
      );
      billingDataId = created.id;
      break;
    }
  }
  const order: { id: number } = await j(
    await fetch(`${apiUrl}/api/order`, { method: 'POST', headers, body: JSON.stringify({ products: [{ id: p.id, quantity: units }], billingDataId, toSucc: true }) }),
  );
  return order.id;
}

/** Waits past the access token's expiry with the page open (its timer renews the token meanwhile). */
async function outliveAccessToken(page: Page) {
  await page.waitForTimeout((TTL_S + 2) * 1000);
}

/** Leaves the shop for longer than an access token lives (nothing renews it meanwhile), as after a break. */
async function comeBackLater(page: Page) {
  await page.goto('about:blank');
  await page.waitForTimeout((TTL_S + 2) * 1000);
}

async function cookiesOf(context: BrowserContext) {
  const all = await context.cookies([siteUrl, `${apiUrl}/auth/refresh`]);
  return { refresh: all.find((c) => c.name === 'refreshToken'), access: all.find((c) => c.name === 'userToken'), all };
}

test('a signed-in customer keeps using the shop past the access token expiry; the refresh token stays HttpOnly', async ({ browser }) => {
  const orderId = await customerOrder();
  const context = await browser.newContext({ baseURL: siteUrl, locale: 'es-AR', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  // every renewal the browser makes, and where it went: a refresh answered 401 would mean one cookie was sent
  // twice (tabs or islands racing) and the session revoked
  const refreshes: number[] = [];
  const visited: string[] = [];
  page.on('response', (r) => {
    if (r.url() === `${apiUrl}/auth/refresh` && r.request().method() === 'POST') refreshes.push(r.status());
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(f.url());
  });

  await page.goto('/login');
  await fillLogin(page, CUSTOMER);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('notification-bell')).toBeVisible();

  // the refresh cookie: the API's own origin, HttpOnly, SameSite=Strict, only for /auth/refresh
  const first = await cookiesOf(context);
  expect(first.refresh, 'the API set its refresh cookie').toBeTruthy();
  expect(first.refresh!.httpOnly).toBe(true);
  expect(first.refresh!.sameSite).toBe('Strict');
  expect(first.refresh!.path).toBe('/auth/refresh');
  expect(first.access, 'the page keeps its short access token').toBeTruthy();
  const pageReadable = async () => page.evaluate(() => document.cookie);
  const noRefreshInPage = async (refreshValue: string) => {
    expect(await pageReadable()).not.toContain(refreshValue);
    for (const c of (await cookiesOf(context)).all.filter((x) => !x.httpOnly)) expect(c.value).not.toContain(refreshValue);
  };
  await noRefreshInPage(first.refresh!.value);

  // 1. the cart, after the first access token expired: still signed in. (A cached page: a copy cached by an
  // earlier storefront process on the same build carries that process's API address, so this step does not
  // count on the page's own API calls; the steps below are rendered per request.)
  await outliveAccessToken(page);
  await page.goto('/cart');
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await expect(page).toHaveURL(/\/cart/);

  // 2. back after a break, the orders list (a client island calling the API with the token): renewed first
  await comeBackLater(page);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/orders/);
  await expect(page.locator(`a[href$="/order/${orderId}"]`).first()).toBeVisible({ timeout: 15_000 });

  // 3. back after a break, one order, rendered per request with the token: the expired one goes through
  // /renew-session and back to the order, never to the login
  await comeBackLater(page);
  await page.goto(`/order/${orderId}`);
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`), { timeout: 15_000 });
  expect(visited.some((u) => u.includes('/renew-session?next=')), visited.join('\n')).toBe(true);
  const chat = page.getByTestId('order-chat');
  await expect(chat).toHaveAttribute('data-hydrated', 'true');

  // 4. its chat: a message sent after yet another expiry arrives (POST renewed on the way) and stays
  await outliveAccessToken(page);
  const text = `Sigo acá después de vencer el token ${Date.now()}`;
  await chat.getByLabel('Tu mensaje').fill(text);
  await chat.getByLabel('Tu mensaje').press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await expect(chat.getByTestId('chat-status').last()).toHaveText(/Enviado|Leído/);

  // never logged out, never told so
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  // renewed several times, every renewal accepted
  expect(refreshes.length).toBeGreaterThanOrEqual(3);
  expect(refreshes.every((st) => st === 200), refreshes.join(',')).toBe(true);
  // the login page only at the start, to sign in: never again afterwards
  const isLogin = (u: string) => u.startsWith(siteUrl) && new URL(u).pathname.endsWith('/login');
  const signedIn = visited.findIndex((u) => !isLogin(u));
  expect(visited.slice(signedIn).filter(isLogin), visited.join('\n')).toEqual([]);

  // the cookies were rotated on the way, and the page still cannot read the refresh token
  const last = await cookiesOf(context);
  expect(last.refresh!.value).not.toBe(first.refresh!.value);
  expect(last.access!.value).not.toBe(first.access!.value);
  expect(last.refresh!.httpOnly).toBe(true);
  await noRefreshInPage(last.refresh!.value);
  await noRefreshInPage(first.refresh!.value);

  await context.close();
});
