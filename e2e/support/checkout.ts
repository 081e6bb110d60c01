/** Steps of the checkout more than one spec walks through. */
import type { Locator } from '@playwright/test';

/** Types a Córdoba address (postal code X5000) with this street into the checkout's address form. */
export async function fillCordobaAddress(form: Locator, street: string): Promise<void> {
  await form.getByLabel('Provincia').fill('Córdoba');
  await form.getByLabel('Ciudad').fill('Córdoba');
  await form.getByLabel('Calle').fill(street);
  await form.getByLabel('Número').fill('850');
  await form.getByLabel('Código postal').fill('X5000');
}
