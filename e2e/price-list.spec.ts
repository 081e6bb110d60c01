/**
 * Price lists (issue 23 §3): the VIP and the regular demo customers download their lists from /price-list
 * and read them back — the XLSX parsed with exceljs, the PDF's text extracted with unpdf. The tier prices
 * must be the ones the cart's engine (lib/pricing) gives each of them: the VIP tier for the VIP customer,
 * never for the regular one.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Product } from '../lib/contracts/catalogue';
import { formatPesos } from '../lib/money';
import { priceCartFromWire } from '../lib/pricing';
import { apiData } from './support/shop';
import { signedInPage } from './support/session';
import { expect, need, test } from './support/fixtures';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

/** What the cart's engine charges per unit for `units` units of a simple product. */
function enginePrice(p: Product, units: number, isVip: boolean): string {
  const priced = priceCartFromWire([{ id: p.id, parentId: p.id, units, price: p.price, discount: p.discount }], { [p.id]: p.Offers }, { isVip });
  return formatPesos(priced.lines[0]!.unitPrice / 100);
}

async function download(page: Page, button: 'price-list-xlsx' | 'price-list-pdf'): Promise<{ name: string; data: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
  return { name: file.suggestedFilename(), data: await readFile((await file.path())!) };
}

/** The tiers ("desde N u. → $ P") of one SKU in the list. */
async function xlsxTiers(data: Buffer, sku: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as never);
  const sheet = wb.worksheets[0]!;
  for (let n = 1; n <= sheet.rowCount; n++) {
    const v = (sheet.getRow(n).values as unknown[]).slice(1);
    if (v[0] === sku) return v.slice(4).filter((x): x is string => typeof x === 'string' && x.includes('u.'));
  }
  throw new Error(`${sku} no está en la lista`);
}

test('price lists: the VIP and the regular customer download theirs, at their own tiers', async ({ request, browser, customer, vip }) => {
  void customer; // the ledgers put the accounts back
  void vip;
  const items = (await apiData<{ items: Product[] }>(request, 'api/products?rows=48&page=1')).items;
  // a simple product whose VIP tier is cheaper than any general tier at the same quantity
  const p = items.find((x) => !x.isVariable && x.state !== 'noStock' && x.Offers.some((o) => o.isVip && enginePrice(x, o.units, true) !== enginePrice(x, o.units, false)));
  expect(p, 'a product with a VIP tier on the first page').toBeTruthy();
  const vipTier = p!.Offers.find((o) => o.isVip)!;
  const vipLine = `desde ${vipTier.units} u. → ${enginePrice(p!, vipTier.units, true)}`;
  const regularPrice = enginePrice(p!, vipTier.units, false);

  // VIP customer: the page, the menu link, the XLSX and the PDF
  const page = await signedInPage(browser, need('vip'), '/price-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de precios' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByTestId('account-menu').getByRole('button').click();
  await expect(page.getByTestId('account-menu').getByRole('link', { name: 'Lista de precios' })).toHaveAttribute('href', '/price-list');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/price-list-1280.png`, fullPage: true });

  const xlsx = await download(page, 'price-list-xlsx');
  expect(xlsx.name).toMatch(/^lista-de-precios-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(await xlsxTiers(xlsx.data, p!.SKU)).toContain(vipLine);

  const pdf = await download(page, 'price-list-pdf');
  expect(pdf.name).toMatch(/^lista-de-precios-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.data)), { mergePages: true })).text.replace(/\u00a0/g, ' ');
  expect(text).toContain('Aromas del Alma');
  expect(text).toMatch(/Precios vigentes al \d{2}\/\d{2}\/\d{4}/);
  expect(text).toContain(`desde ${vipTier.units} u. » ${enginePrice(p!, vipTier.units, true).replace(/\u00a0/g, ' ')}`);
  await page.context().close();

  // regular customer, on a phone: no VIP tier in the list
  const phone = await signedInPage(browser, need('customer'), '/price-list');
  await phone.setViewportSize({ width: 390, height: 844 });
  await expect(phone.getByRole('heading', { level: 1, name: 'Lista de precios' })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/price-list-390.png`, fullPage: true });
  const regular = await xlsxTiers((await download(phone, 'price-list-xlsx')).data, p!.SKU);
  expect(regular.join(' | ')).not.toContain(enginePrice(p!, vipTier.units, true));
  for (const line of regular) expect(line).toMatch(/^(desde|múltiplos de) \d+ u\. → \$\u00a0[\d.]+,\d{2}$/);
  if (regular.some((l) => l.startsWith(`desde ${vipTier.units} u.`))) expect(regular).toContain(`desde ${vipTier.units} u. → ${regularPrice}`);
  await phone.context().close();
});
