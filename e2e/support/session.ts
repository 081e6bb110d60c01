import { expect, type Browser, type Page } from '@playwright/test';
import type { Credentials } from './env';

/** Fills and sends the login form of the page (the first form with an 'Ingresar' button). */
export async function fillLogin(page: Page, { email, password }: Credentials): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Ingresar', exact: true }) }).first();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** Signs `page` in through the login page and waits until it has left it. */
export async function logIn(page: Page, creds: Credentials): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, creds);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A new browser context signed in through the login page (then at `next`), `width` × 900 (1280 by default). */
export async function signedInPage(browser: Browser, creds: Credentials, next = '/', width = 1280): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-AR', viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  await fillLogin(page, creds);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}
