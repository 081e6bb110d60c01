/**
 * Price list files (issue 23 §3): the rows of services/price-list written while they are read, to any
 * Writable (the HTTP response, a file, a counter in bench/price-list):
 * - XLSX: exceljs's streaming WorkbookWriter (each row committed as it is written; no shared strings);
 * - PDF: pdfkit (A4, the standard Helvetica, fixed row heights so nothing is measured per row).
 * The documents are in Spanish, like the rest of the shop's papers.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { formatPesos } from '../../lib/money';
import type { PriceListHeader, PriceListRow, PriceListTier } from './price-list';

const PRICE_LIST_TEXTS = {
  title: 'Lista de precios',
  customer: 'Cliente',
  validAt: 'Precios vigentes al',
  category: 'Categoría',
  wholeCatalogue: 'Catálogo completo',
  minOrder: 'Compra mínima',
  minLocal: 'Compra mínima con retiro en el local',
  columns: { sku: 'SKU', product: 'Producto', variation: 'Variante', unitPrice: 'Precio unitario', tiers: 'Precio por cantidad', tier: 'Escala', state: 'Estado' },
  state: { limited: 'Pocas unidades', noStock: 'Sin stock' },
  bank: 'Datos para transferencias',
  contact: 'Contacto',
  page: 'Página',
  empty: 'No hay productos para mostrar',
  note: 'Los precios por cantidad se alcanzan sumando las unidades de todas las variantes de un mismo producto.',
} as const;
const T = PRICE_LIST_TEXTS;

export type PriceListFormat = 'pdf' | 'xlsx';

export const PRICE_LIST_CONTENT_TYPES: Record<PriceListFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** lista-de-precios[-categoria]-2026-11-27.pdf */
export function priceListFileName(header: Pick<PriceListHeader, 'isoDate'>, format: PriceListFormat, categorySlug: string | null): string {
  return `lista-de-precios${categorySlug ? `-${categorySlug}` : ''}-${header.isoDate}.${format}`;
}

/** "desde 50 u. → $ 850,00" (strict tiers: "múltiplos de 12 u. → …"); `arrow` for fonts without "→". */
function tierText(tier: PriceListTier, arrow = '→'): string {
  return `${tier.strict ? 'múltiplos de' : 'desde'} ${tier.units} u. ${arrow} ${formatPesos(tier.price)}`;
}

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

function headerLines(h: PriceListHeader): string[] {
  return [
    `${T.customer}: ${h.customerName}`,
    `${T.validAt} ${h.date}`,
    `${T.category}: ${h.category ?? T.wholeCatalogue}`,
    `${T.minOrder}: ${plain(formatPesos(h.minOrderPrice, { decimals: 0 }))} · ${T.minLocal}: ${plain(formatPesos(h.minLocalPrice, { decimals: 0 }))}`,
  ];
}

function footerLines(h: PriceListHeader): string[] {
  const b = h.bank;
  const c = h.contact;
  return [
    `${T.bank}: ${b.bank} · ${b.accountType} N.º ${b.accountNumber} · Titular: ${b.accountName}`,
    `CBU ${b.cbu} · Alias ${b.alias}`,
    `${T.contact}: WhatsApp ${c.whatsappDisplay} · ${c.email} · ${c.street}, ${c.city}`,
  ];
}

/* ------------------------------------------------------------------ XLSX */

export async function writePriceListXlsx(out: Writable, h: PriceListHeader, batches: AsyncIterable<PriceListRow[]>): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = h.shopName;
  const sheet = wb.addWorksheet(T.title, { views: [{ state: 'frozen', ySplit: 7 }] });
  const tierCols = Math.max(1, h.maxTiers);
  sheet.columns = [
    { key: 'sku', width: 16 },
    { key: 'product', width: 40 },
    { key: 'variation', width: 22 },
    { key: 'unitPrice', width: 16, style: { numFmt: '"$" #,##0.00' } },
    ...Array.from({ length: tierCols }, (_, i) => ({ key: `tier${i}`, width: 28 })),
    { key: 'state', width: 16 },
  ];
  sheet.addRow([`${h.shopName} — ${T.title}`]).font = { bold: true, size: 14 };
  for (const line of headerLines(h)) sheet.addRow([line]);
  sheet.addRow([]);
  const head = sheet.addRow([
    T.columns.sku,
    T.columns.product,
    T.columns.variation,
    T.columns.unitPrice,
    ...Array.from({ length: tierCols }, (_, i) => `${T.columns.tier} ${i + 1}`),
    T.columns.state,
  ]);
  head.font = { bold: true };
  head.commit();
  for await (const rows of batches) {
    for (const r of rows) {
      const tiers = Array.from({ length: tierCols }, (_, i) => (r.tiers[i] ? tierText(r.tiers[i]) : null));
      sheet.addRow([r.sku, r.product, r.variation, r.unitPrice, ...tiers, r.state ? T.state[r.state] : null]).commit();
    }
  }
  sheet.addRow([]);
  sheet.addRow([T.note]);
  for (const line of footerLines(h)) sheet.addRow([line]).commit();
  sheet.commit();
  await wb.commit();
}

/* ------------------------------------------------------------------- PDF */

const PAGE = { margin: 36, width: 595.28, height: 841.89 };
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const SIZE = 8;
const LINE = 10.5;
/** x and width of each column (A4 portrait, 36 pt margins: 523 pt). */
const COLS = {
  sku: { x: 36, w: 66 },
  product: { x: 106, w: 124 },
  variation: { x: 234, w: 70 },
  unitPrice: { x: 308, w: 58 },
  tiers: { x: 374, w: 124 },
  state: { x: 500, w: 59 },
};
const FOOTER_TOP = PAGE.height - PAGE.margin - 3 * LINE;
const ACCENT = '#5b3a7a';

export async function writePriceListPdf(
  out: Writable,
  h: PriceListHeader,
  batches: AsyncIterable<PriceListRow[]>,
  options: { compress?: boolean } = {},
): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: options.compress ?? true,
    autoFirstPage: false,
    info: { Title: `${T.title} — ${h.shopName}`, Author: h.shopName, Subject: `${T.validAt} ${h.date}` },
  });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('close', resolve);
    out.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(out);
  let page = 0;
  let y = 0;
  // A text that fits is placed directly (no line wrapper: most cells, and much faster); a longer one is cut
  // with an ellipsis.
  const cell = (text: string, col: { x: number; w: number }, top: number, opts: { align?: 'right' } = {}) => {
    const width = doc.widthOfString(text);
    if (width <= col.w) doc.text(text, opts.align === 'right' ? col.x + col.w - width : col.x, top, { lineBreak: false });
    else doc.text(text, col.x, top, { width: col.w, height: LINE, lineBreak: false, ellipsis: true });
  };

  const footer = () => {
    doc.font(FONT).fontSize(7).fillColor('#444444');
    const lines = footerLines(h);
    doc.moveTo(PAGE.margin, FOOTER_TOP - 4).lineTo(PAGE.width - PAGE.margin, FOOTER_TOP - 4).strokeColor('#bbbbbb').lineWidth(0.5).stroke();
    lines.forEach((line, i) => doc.text(line, PAGE.margin, FOOTER_TOP + i * 9, { width: PAGE.width - 2 * PAGE.margin - 50, lineBreak: false, ellipsis: true }));
    doc.text(`${T.page} ${page}`, PAGE.width - PAGE.margin - 50, FOOTER_TOP + 18, { width: 50, align: 'right', lineBreak: false });
    doc.fillColor('black');
  };

  const columnHeads = () => {
    doc.rect(PAGE.margin, y - 3, PAGE.width - 2 * PAGE.margin, LINE + 5).fill(ACCENT);
    doc.font(BOLD).fontSize(SIZE).fillColor('white');
    cell(T.columns.sku, COLS.sku, y);
    cell(T.columns.product, COLS.product, y);
    cell(T.columns.variation, COLS.variation, y);
    cell(T.columns.unitPrice, COLS.unitPrice, y, { align: 'right' });
    cell(T.columns.tiers, COLS.tiers, y);
    cell(T.columns.state, COLS.state, y);
    doc.fillColor('black').font(FONT);
    y += LINE + 6;
  };

  const newPage = () => {
    if (page > 0) footer();
    doc.addPage();
    page++;
    y = PAGE.margin;
    if (page === 1) {
      doc.font(BOLD).fontSize(18).fillColor(ACCENT).text(h.shopName, PAGE.margin, y, { lineBreak: false });
      doc.font(FONT).fontSize(12).fillColor('#333333').text(T.title, PAGE.margin, y + 22, { lineBreak: false });
      doc.fontSize(8.5).fillColor('black');
      headerLines(h).forEach((line, i) => doc.text(line, PAGE.margin, y + 42 + i * 11.5, { lineBreak: false }));
      y += 42 + 4 * 11.5 + 10;
    } else {
      doc.font(FONT).fontSize(7.5).fillColor('#444444').text(`${h.shopName} · ${T.title} · ${T.validAt} ${h.date} · ${h.customerName}`, PAGE.margin, y, { lineBreak: false });
      doc.fillColor('black');
      y += 14;
    }
    columnHeads();
  };

  newPage();
  let rowIndex = 0;
  for await (const rows of batches) {
    for (const r of rows) {
      doc.font(FONT).fontSize(SIZE);
      // a long SKU wraps (rare: measured only when it does not fit)
      const skuLines = doc.widthOfString(r.sku) > COLS.sku.w ? Math.ceil(doc.heightOfString(r.sku, { width: COLS.sku.w }) / doc.currentLineHeight()) : 1;
      const lines = Math.max(1, r.tiers.length, skuLines);
      const height = lines * LINE + 3;
      if (y + height > FOOTER_TOP - 8) newPage();
      if (rowIndex++ % 2 === 1) {
        doc.rect(PAGE.margin, y - 2, PAGE.width - 2 * PAGE.margin, height).fill('#f3eff7');
        doc.fillColor('black');
      }
      if (skuLines > 1) doc.text(r.sku, COLS.sku.x, y, { width: COLS.sku.w, lineGap: LINE - doc.currentLineHeight() });
      else cell(r.sku, COLS.sku, y);
      // a product without variations takes the variation's column too
      if (r.variation) {
        cell(r.product, COLS.product, y);
        cell(r.variation, COLS.variation, y);
      } else {
        cell(r.product, { x: COLS.product.x, w: COLS.variation.x + COLS.variation.w - COLS.product.x }, y);
      }
      doc.font(BOLD);
      cell(plain(formatPesos(r.unitPrice)), COLS.unitPrice, y, { align: 'right' });
      doc.font(FONT).fontSize(7.5);
      r.tiers.forEach((tier, i) => cell(plain(tierText(tier, '»')), COLS.tiers, y + i * LINE));
      doc.fontSize(7.5);
      if (r.state) {
        doc.fillColor(r.state === 'noStock' ? '#b00020' : '#8a5a00');
        cell(T.state[r.state], COLS.state, y);
        doc.fillColor('black');
      }
      y += height;
    }
  }
  if (rowIndex === 0) {
    doc.font(FONT).fontSize(10).text(T.empty, PAGE.margin, y + 6, { lineBreak: false });
  } else if (y + 2 * LINE < FOOTER_TOP - 8) {
    doc.font(FONT).fontSize(7).fillColor('#444444').text(T.note, PAGE.margin, y + 6, { lineBreak: false });
    doc.fillColor('black');
  }
  footer();
  doc.end();
  await done;
}
