import { expect, request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import type { Credentials } from './env';
import { emptySavedCart, signIn } from './shop';

/**
 * The demo accounts are shared by every test, and a signed-in cart is saved on the server (issue 23 §4): a
 * cart an earlier test left in the account would come back, merged into this browser's, at the sign-in.
 * Every sign-in helper starts from an empty saved cart, as a fresh visit of a real customer would.
 */
async function emptyAccountCart(creds: Credentials, api?: string): Promise<void> {
  // a request context of its own: the API's sign-in cookies must not land in the browser context under test
  const request = await playwrightRequest.newContext();
  try {
    await emptySavedCart(request, await signIn(request, 'customer', creds, api), api);
  } finally {
    await request.dispose();
  }
}

/** Fills and sends the login form of the page (the first form with an 'Ingresar' button). */
export async function fillLogin(page: Page, { email, password }: Credentials): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Ingresar', exact: true }) }).first();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/**
 * Signs `page` in through the login page and waits until it has left it. `at`: another deployment (the
 * multi-host topology's storefront and the API behind it); this run's by default.
 */
export async function logIn(page: Page, creds: Credentials, at?: { site: string; api: string }): Promise<void> {
  await emptyAccountCart(creds, at?.api);
  await page.goto(`${at?.site ?? ''}/login`);
  await fillLogin(page, creds);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}

/**
 * A new browser context signed in through the login page (then at `next`), `width` × 900 (1280 by default).
 * Specs sign in through this (or `logIn`), never a copy of their own: a copy skips the saved-cart reset above,
 * and the cart an earlier test left in the account comes back into the next one (24 units became 48).
 */
export async function signedInPage(browser: Browser, creds: Credentials, next = '/', width = 1280): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-AR', viewport: { width, height: 900 } });
  const page = await context.newPage();
  await emptyAccountCart(creds);
  await page.goto(next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  await fillLogin(page, creds);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}
