import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, uniqueEmail } from './support/env';
import { SMOKE, STAGING, test } from './support/fixtures';
import { linkIn, mailsTo, readMail, requireMailbox } from './support/mailbox';
import { apiData, catalogue, pickupOrder } from './support/shop';
import { fillLogin } from './support/session';

/**
 * Accounts and sessions (spec §2 Login / Register / Forgot / Reset / Verify / Automatic login / Profile,
 * §5 messages, §6 guards): real browser, real API, the mails read through e2e/support/mailbox.ts (the
 * outbox locally, a Mailpit API against a deployment; without one the mail tests are skipped, saying so).
 * The accounts it registers carry the run id in their e-mail. Screenshots go to $ACCOUNTS_SHOTS_DIR
 * (default /tmp/shots-accounts).
 */

const SHOTS = process.env.ACCOUNTS_SHOTS_DIR ?? '/tmp/shots-accounts';
const PASSWORD = 'clave-segura-1';

/** Local path (with query) of an absolute storefront link. */
const localPath = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function apiRegister(request: APIRequestContext, email: string) {
  const res = await request.post(`${API}/auth/register`, {
    data: { name: 'Prueba', lastname: 'Automática', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(res.status()).toBe(201);
}

async function apiRegisterVerified(request: APIRequestContext, email: string) {
  await apiRegister(request, email);
  const verify = linkIn(await readMail(email, 'verify'), /https?:\/\/\S+\/verify\/[A-Za-z0-9_-]+/);
  const token = verify.split('/verify/')[1];
  const res = await request.post(`${API}/auth/verify`, { data: { token } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { token: string; user: { id: number } };
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'userToken');
}

test.describe('accounts', { tag: STAGING }, () => {
  test('register → blocked login → verification mail → logged in', async ({ page }) => {
    requireMailbox();
    const email = uniqueEmail('registro');
    await page.goto('/register');
    await expect(page).toHaveTitle('Aromas del Alma | Crear cuenta');
    await page.getByLabel('Nombre').fill('Valentina');
    await page.getByLabel('Apellido').fill('Suárez');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repetir contraseña').fill(PASSWORD);
    await page.getByLabel(/Acepto los/).check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('heading', { name: '¡Revisá tu email!' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-sent-1280.png`, fullPage: true });

    // Login stays blocked until the link is followed.
    await page.goto('/login');
    await fillLogin(page, { email, password: PASSWORD });
    await expect(page.getByRole('alert').filter({ hasText: 'Tenés que verificar tu email antes de ingresar' }).first()).toBeVisible();
    expect(await sessionCookie(page)).toBeUndefined();

    const mail = await readMail(email, 'verify');
    expect(mail).toContain('Valentina');
    expect(mail).toMatch(/\/suscriptions\?token=/);
    const link = linkIn(mail, /https?:\/\/\S+\/verify\/[A-Za-z0-9_-]+/);
    await page.goto(localPath(link));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Se ha verificado la cuenta con exito')).toBeVisible();
    const cookie = await sessionCookie(page);
    expect(cookie?.sameSite).toBe('Lax');
    const info = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    expect(info.email).toBe(email);

    // The same link a second time is refused.
    await page.context().clearCookies();
    await page.goto(localPath(link));
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Token invalido')).toBeVisible();
  });

  test('wrong password shows "Los datos son incorrectos"; the right one logs in and keeps the cart', async ({ page, customer, request }) => {
    // a guest's cart line as the product page stores it; signing in merges it with the account's saved cart (issue 23 §4)
    const p = (await catalogue(request)).find((x) => !x.isVariable && x.state === 'active' && (x.min ?? 0) <= 1 && (x.steps ?? 1) <= 1 && (!x.max || x.max >= 3));
    expect(p, 'a simple product bought by the unit').toBeTruthy();
    const item = { id: p!.id, units: 3, cartName: p!.name, price: p!.price, discount: p!.discount, fatherId: p!.id, cartFatherName: p!.name, image: null, path: `/products/${p!.slug}`, offers: p!.Offers, state: 'active', min: 0, max: 0, steps: 0 };
    await page.goto('/login');
    await page.evaluate((stored) => localStorage.setItem('cartItems', stored), JSON.stringify([item]));
    // An account nobody has (the API answers it exactly as a wrong password): a failed login against the
    // shared test account on every run would lock it after five runs in 15 minutes.
    await fillLogin(page, { email: uniqueEmail('nadie'), password: 'no-es-la-clave' });
    await expect(page.getByRole('alert').filter({ hasText: 'Los datos son incorrectos' }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/login-wrong-1280.png`, fullPage: true });
    await fillLogin(page, customer);
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(page)).toBeTruthy();
    const units = () => page.evaluate((id) => (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { id: number; units: number }[]).find((i) => i.id === id)?.units, item.id);
    expect(await units()).toBe(3);
    // and it is now in the account too
    await expect.poll(async () => (await apiData<{ lines: { id: number; units: number }[] }>(request, 'api/cart', customer.headers)).lines).toEqual([expect.objectContaining({ id: item.id, units: 3 })]);
    expect(await units()).toBe(3);
  });

  test('form validation messages are exactly the spec texts', { tag: SMOKE }, async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('Completa bien los campos')).toBeVisible();
    const errors = page.locator('[data-field-error]');
    await expect(errors).toHaveText([
      'Este Campo es Obligatorio',
      'Este Campo es Obligatorio',
      'Este Campo es Obligatorio',
      'Este Campo es Obligatorio',
      'Este Campo es Obligatorio',
      'Debe aceptar los terminos y condiciones',
    ]);
    await page.getByLabel('Nombre').fill('1');
    await page.getByLabel('Apellido').fill('2');
    await page.getByLabel('Email').fill('no-es-email');
    await page.getByLabel('Contraseña', { exact: true }).fill('corta');
    await page.getByLabel('Repetir contraseña').fill('otra');
    await expect(errors).toHaveText([
      'Ingresa un nombre válido',
      'Ingresa un apellido válido',
      'Debe ser un email valido',
      'La contraseña debe tener 8 caracteres al menos',
      'Las contraseñas no coinciden',
      'Debe aceptar los terminos y condiciones',
    ]);
    await page.screenshot({ path: `${SHOTS}/register-errors-1280.png`, fullPage: true });
    await page.getByLabel('Nombre').fill('Ana');
    await expect(errors).not.toContainText(['Ingresa un nombre válido']);

    await page.goto('/login');
    const form = page.locator('main form').first();
    await form.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(form.locator('[data-field-error]')).toHaveText(['Este Campo es Obligatorio', 'Este Campo es Obligatorio']);
  });

  test('forgot → reset mail → new password → logged in; the old password no longer works', async ({ page, request }) => {
    requireMailbox();
    const email = uniqueEmail('olvido');
    await apiRegisterVerified(request, email);
    await page.goto('/forgot');
    await expect(page.getByRole('link', { name: 'Volver a ingresar' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Te enviamos un email' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/forgot-sent-1280.png`, fullPage: true });

    const link = linkIn(await readMail(email, 'reset'), /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/);
    await page.goto(localPath(link));
    await page.getByLabel('Nueva contraseña').fill('123456');
    await page.getByLabel('Confirmar contraseña').fill('x');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.locator('[data-field-error]')).toHaveText(['Contraseña debe tener un minimo de 8 caracteres', 'Confirmar contraseña']);
    await page.getByLabel('Nueva contraseña').fill('nueva-clave-9');
    await page.getByLabel('Confirmar contraseña').fill('nueva-clave-9');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(page)).toBeTruthy();

    await page.context().clearCookies();
    await page.goto('/login');
    await fillLogin(page, { email, password: PASSWORD });
    await expect(page.getByRole('alert').filter({ hasText: 'Los datos son incorrectos' }).first()).toBeVisible();
    await fillLogin(page, { email, password: 'nueva-clave-9' });
    await expect(page).toHaveURL(/\/$/);

    // The reset link is single-use.
    await page.goto(localPath(link));
    await expect(page).toHaveURL(/\/login$/);
  });

  test('reset-password and verify without a valid token go to /login with "Token invalido"', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Token invalido').first()).toBeVisible();
    await page.goto('/verify/no-es-un-token-valido-para-nada');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('auto-login: a bad link shows the failure screen with a link to /login', async ({ page }) => {
    await page.goto('/autoLogin?token=no-sirve-este-token-para-nada');
    const fail = page.getByTestId('autologin-failed');
    await expect(fail).toBeVisible();
    await expect(fail.getByRole('heading', { name: 'No pudimos ingresar automáticamente' })).toBeVisible();
    await expect(fail.locator('p')).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/autologin-failed-1280.png`, fullPage: true });
    await fail.getByRole('link', { name: 'Ir a ingresar' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('auto-login: a staff-made link lands on /order/{id}', async ({ page, request, customer, staff }) => {
    requireMailbox();
    // An order of the customer to link to: a pickup order above the minimum, made through the API.
    const orderId = (await pickupOrder(request, customer)).id;
    const { user } = customer;
    const before = await mailsTo(customer.email, 'autologin');
    const res = await request.post(`${API}/api/auth/autoLoginLink`, {
      headers: staff.headers,
      data: { userId: user.id, orderId },
    });
    // the link is mailed to the customer, never answered to the staff member who asked
    expect(res.status()).toBe(202);
    expect(await res.text()).not.toContain('autoLogin?token=');
    const url = linkIn(await readMail(customer.email, 'autologin', before), /https?:\/\/\S+\/autoLogin\?token=[A-Za-z0-9_-]+/);
    await page.goto(localPath(url));
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
    expect(await sessionCookie(page)).toBeTruthy();
  });

  test('/profile without a session → /login?next=/profile, and back after logging in', async ({ page, customer }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await fillLogin(page, customer);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pedidos', exact: true })).toHaveAttribute('aria-selected', 'true');
    // The orders tab lists the customer's current orders (an earlier test made one) or says there are none.
    const panel = page.getByRole('tabpanel', { name: 'Pedidos' });
    await expect(panel.getByRole('link', { name: /^Pedido #\d+$/ }).first().or(panel.getByTestId('orders-empty'))).toBeVisible();
    await page.getByRole('tab', { name: 'Mis datos' }).click();
    await expect(page.getByText(customer.email)).toBeVisible();
    // a number different from the one stored (on a shared staging account an earlier run saved one: "Guardar"
    // stays disabled for an unchanged form), then the account is put back as it was
    const contact = page.getByLabel('Número de contacto');
    const before = await contact.inputValue();
    await contact.fill(before === '+54 11 4000-1234' ? '+54 11 4000-4321' : '+54 11 4000-1234');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Datos guardados correctamente').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/profile-data-1280.png`, fullPage: true });
    if (before) {
      await contact.fill(before);
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByText('Datos guardados correctamente')).not.toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Guardar', exact: true })).toBeDisabled();
    }
  });

  test('profile password change logs in with the new token and goes home', async ({ page, request }) => {
    requireMailbox();
    const email = uniqueEmail('perfil');
    await apiRegisterVerified(request, email);
    await page.goto('/login?next=%2Fprofile%3Ftab%3Ddata');
    await fillLogin(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(/\/profile\?tab=data$/);
    await page.getByLabel('Contraseña actual').fill(PASSWORD);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('otra-clave-22');
    await page.getByLabel('Repetir nueva contraseña').fill('otra-clave-22');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Cambiaste tu contraseña correctamente')).toBeVisible();
    const cookie = await sessionCookie(page);
    const check = await request.get(`${API}/auth`, { headers: { authorization: `Bearer ${cookie!.value}` } });
    expect(check.status()).toBe(200);
  });

  test('mail preferences from the link in the mail, without logging in', async ({ page, request }) => {
    requireMailbox();
    const email = uniqueEmail('prefs');
    await apiRegister(request, email);
    const link = linkIn(await readMail(email, 'verify'), /https?:\/\/\S+\/suscriptions\?token=[^\s&]+/);
    await page.goto(localPath(link));
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Novedades y ofertas de la tienda').uncheck();
    await page.getByRole('button', { name: 'Guardar preferencias' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Datos guardados correctamente' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/subscriptions-1280.png`, fullPage: true });
    await page.reload();
    await expect(page.getByLabel('Novedades y ofertas de la tienda')).not.toBeChecked();
    await expect(page.getByLabel('Novedades de mis pedidos')).toBeChecked();
    await page.goto('/suscriptions?token=falso');
    await expect(page.getByText('El enlace no es válido o venció.')).toBeVisible();
  });

  test('account pages are translated and not indexed', { tag: SMOKE }, async ({ page }) => {
    await page.goto('/en/login');
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.goto('/br/register');
    await expect(page.getByRole('heading', { name: 'Crie sua conta' })).toBeVisible();
  });
});
