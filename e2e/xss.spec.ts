import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Product } from '../lib/contracts/catalogue';
import { fillLogin } from './support/session';

/**
 * Script-bearing text stays text (issue #8). Payloads go in everything a customer can type that other
 * people's pages show — a delivery address, the "other transport" name, chat messages (through the API
 * and through the chat box); names only take letters, so the API refuses markup there (checked) — and in
 * URL parameters reflected on pages
 * (searches, the login `next`). Then the customer's order, the staff board, the staff order page, the
 * profile and the chat are opened: no payload runs (`window.__xss` stays undefined, no dialog opens, no
 * element the payload describes exists) and the payload is shown literally.
 * The only catalogue text staff can write through the API is a price tier's name (PATCH
 * /api/staff/products/:id { offers }; names and descriptions are not editable there): it is shown on the
 * product page and goes into its JSON-LD, so `</script>` in it checks the JSON-LD escaping end to end.
 * Markdown descriptions are covered by components/product/Description.test.tsx.
 * Everything changed is restored afterwards (address, tiers).
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const PASSWORD = 'tienda-demo';

const P = {
  name: '<img src=x onerror=window.__xss=1>',
  street: '"><svg onload=alert(1)>',
  extra: '[clic](javascript:window.__xss=1) </script><script>window.__xss=1</script>',
  transport: '<iframe src="javascript:window.__xss=1"></iframe>',
  chat: '<img src=x onerror=alert(1)> [x](javascript:window.__xss=1) javascript:window.__xss=1 </script><script>window.__xss=1</script>',
  search: '"><img src=x onerror=window.__xss=1>',
};

type Session = { token: string; user: { name?: string; lastname?: string }; permissions: string[] };

async function apiSession(request: APIRequestContext, email: string): Promise<Session> {
  const res = await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `login ${email}`).toBeTruthy();
  return ((await res.json()) as { data: Session }).data;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A page signed in as `session`, recording dialogs (an alert() payload that ran). */
async function pageWithSession(browser: Browser, session: Session): Promise<{ page: Page; dialogs: string[]; close: () => Promise<void> }> {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ locale: 'es-AR', baseURL });
  await context.addCookies([{ name: 'userToken', value: session.token, url: baseURL, sameSite: 'Lax' }]);
  await context.addInitScript((s) => {
    localStorage.setItem('userInfo', JSON.stringify(s.user));
    localStorage.setItem('permissions', JSON.stringify(s.permissions));
  }, session);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { page, dialogs, close: () => context.close() };
}

/** Nothing ran and nothing the payloads describe was built. */
async function assertInert(page: Page, dialogs: string[], where: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const found = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    img: document.querySelectorAll('img[src="x"]').length,
    svg: document.querySelectorAll('svg[onload]').length,
    iframe: document.querySelectorAll('iframe[src^="javascript" i]').length,
    js: [...document.querySelectorAll('a[href]')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
    // a <script> built from a payload (the framework's inline data scripts carry it as a JSON string)
    scripts: [...document.querySelectorAll('script')].filter((s) => s.textContent?.trim() === 'window.__xss=1').length,
  }));
  expect(found, where).toEqual({ xss: undefined, img: 0, svg: 0, iframe: 0, js: 0, scripts: 0 });
  expect(dialogs, where).toEqual([]);
}

test.describe('XSS payloads stay inert text', () => {
  test.describe.configure({ timeout: 180_000 });

  test('address, transport and chat on the order, the board and the staff order; names refuse markup', async ({ browser, request }) => {
    const customer = await apiSession(request, 'cliente@example.com');
    const staff = await apiSession(request, 'staff@example.com');
    const headers = auth(customer.token);
    let addressId: number | null = null;

    // names are letters only: markup is refused with a Spanish message
    const patched = await request.patch(`${API}/api/user/me`, { headers, data: { name: P.name } });
    expect(patched.status()).toBe(400);
    expect(((await patched.json()) as { message: string }).message).toBe('Ingresa un nombre válido');

    try {
      // payloads in, through the same API the storefront uses
      const address = await request.post(`${API}/api/address`, {
        headers,
        data: { province: 'Córdoba', city: 'Córdoba', street: P.street, number: '850', postalCode: 'X5000', extraData: P.extra },
      });
      expect(address.ok(), await address.text()).toBeTruthy();
      addressId = ((await address.json()) as { data: { id: number } }).data.id;

      const products = ((await (await request.get(`${API}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
      const product = products.find((p) => !p.isVariable && p.state === 'active' && p.price > 1000 && (!p.max || p.max >= 500))!;
      const billing = ((await (await request.get(`${API}/api/user/myBillingData`, { headers })).json()) as { data: { id: number }[] }).data;
      const created = await request.post(`${API}/api/order`, {
        headers,
        data: {
          products: [{ id: product.id, quantity: 300 }],
          billingDataId: billing[0]!.id,
          toSucc: false,
          addressId,
          transportId: -1,
          otherTransport: P.transport,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const order = ((await created.json()) as { data: { id: number; number: number } }).data;
      const sent = await request.post(`${API}/api/order/${order.id}/messages`, { headers, data: { text: P.chat } });
      expect(sent.status(), await sent.text()).toBe(201);

      // the customer's order page: address, transport and chat shown as text
      const c = await pageWithSession(browser, customer);
      await c.page.goto(`/order/${order.id}`);
      const detail = c.page.getByTestId('order-detail');
      await expect(detail).toContainText(P.street);
      await expect(detail).toContainText(P.transport);
      const chat = c.page.getByTestId('order-chat');
      await expect(chat.getByTestId('chat-message').filter({ hasText: P.chat })).toBeVisible();
      await assertInert(c.page, c.dialogs, 'customer order page');

      // a payload typed into the chat box (rendered by the client, live)
      await chat.getByLabel('Tu mensaje').fill(P.name);
      await chat.getByLabel('Tu mensaje').press('Enter');
      await expect(chat.getByTestId('chat-message').filter({ hasText: P.name })).toBeVisible();
      await assertInert(c.page, c.dialogs, 'chat after sending');


      // reflected parameters: the search box and the login's `next`
      await c.page.goto(`/products?q=${encodeURIComponent(P.search)}`);
      await assertInert(c.page, c.dialogs, 'search');
      await c.close();

      // staff: the board, the staff order page and the chat on the order page
      const s = await pageWithSession(browser, staff);
      await s.page.goto(`/admin?q=${order.number}`);
      await expect(s.page.getByTestId('order-row')).toHaveCount(1);
      await assertInert(s.page, s.dialogs, 'admin board');
      await s.page.goto(`/admin?q=${encodeURIComponent(P.search)}`);
      await assertInert(s.page, s.dialogs, 'admin board search');
      await s.page.goto(`/admin/orders/${order.id}`);
      const adminMain = s.page.getByRole('main');
      await expect(adminMain).toContainText(P.street);
      await expect(adminMain).toContainText(P.transport);
      await assertInert(s.page, s.dialogs, 'admin order');
      await s.page.goto(`/order/${order.id}`);
      await expect(s.page.getByTestId('order-chat').getByTestId('chat-message').filter({ hasText: P.chat })).toBeVisible();
      await assertInert(s.page, s.dialogs, 'order chat seen by staff');
      await s.close();
    } finally {
      if (addressId) await request.delete(`${API}/api/address/${addressId}`, { headers });
    }
  });

  test('a tier name on the product page and in its JSON-LD', async ({ page, request }) => {
    const staff = await apiSession(request, 'staff@example.com');
    const headers = auth(staff.token);
    const products = ((await (await request.get(`${API}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
    const product = products.find((p) => !p.isVariable && p.state === 'active' && p.price > 1000)!;
    type Offer = { name: string; units: number; price: number; isVip: boolean; isStrict: boolean };
    const detail = (await (await request.get(`${API}/api/staff/products/${product.id}`, { headers })).json()) as { data: { offers: Offer[] } };
    const original = detail.data.offers.map(({ name, units, price, isVip, isStrict }) => ({ name, units, price, isVip, isStrict }));
    const payload = '</script><script>window.__xss=1</script><img src=x onerror=alert(1)>';
    const units = Math.max(0, ...original.map((o) => o.units)) + 7;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    try {
      const res = await request.patch(`${API}/api/staff/products/${product.id}`, {
        headers,
        data: { offers: [...original, { name: payload, units, price: Math.floor(product.price * 0.8), isVip: false, isStrict: false }] },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      // the cached page is revalidated by the API's write
      await expect(async () => {
        await page.goto(`/${product.Categories[0]?.slug ?? 'products'}/${product.slug}`);
        await expect(page.getByTestId('offer-table')).toContainText(payload, { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await assertInert(page, dialogs, 'product page');
      const names = await page.locator('script[type="application/ld+json"]').evaluateAll((els) =>
        els.flatMap((e) => {
          const found: string[] = [];
          JSON.parse(e.textContent ?? 'null', (k, v: unknown) => {
            if (k === 'name' && typeof v === 'string') found.push(v);
            return v;
          });
          return found;
        }),
      );
      expect(names).toContain(payload);
    } finally {
      const back = await request.patch(`${API}/api/staff/products/${product.id}`, { headers, data: { offers: original } });
      expect(back.ok(), await back.text()).toBeTruthy();
    }
  });

  test('login `next=javascript:` does not navigate to script', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`/login?next=${encodeURIComponent('javascript:alert(1)')}`);
    await fillLogin(page, { email: 'cliente@example.com', password: PASSWORD });
    await expect(page).not.toHaveURL(/\/login/);
    expect(page.url().startsWith(test.info().project.use.baseURL!)).toBe(true);
    await assertInert(page, dialogs, 'after login');
  });
});
