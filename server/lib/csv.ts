/**
 * CSV for staff exports (issue 32, item 6), written for the spreadsheet the shop opens them in: Excel in
 * es-AR reads `;` as the separator and `,` as the decimal mark, and needs a BOM to read UTF-8 (accents).
 * Cells follow RFC 4180 (quotes doubled, a cell with `;`, a quote or a line break is quoted), and a cell a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading apostrophe: a
 * customer's name is data, never a formula (OWASP "CSV injection"). Small enough to keep here rather than
 * a dependency whose defaults leave formulas alone.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula, made plain text with a leading apostrophe (CSV and XLSX). */
export function neutralizeFormula(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // numbers are written by the caller (es-AR decimals); a negative number is a number, not a formula
  const text = typeof value === 'number' ? String(value) : neutralizeFormula(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: BOM, header row, rows; CRLF line ends (RFC 4180, and what Excel writes). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** A peso amount as an es-AR spreadsheet reads a number: "198502,92" (no thousands separator, decimal comma). */
export function csvPesos(pesos: number): string {
  return pesos.toFixed(2).replace('.', ',');
}
