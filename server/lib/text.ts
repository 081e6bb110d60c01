import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Text helpers shared by the seed, the write paths and the search queries. Search compares normalized
 * strings on both sides, so 'sahumerio' matches 'Sahumério' without needing the `unaccent` extension.
 */

/** lowercase, accents/diacritics stripped (ñ → n), whitespace collapsed */
export function normalizeText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Search tokens of a user query: normalized words, punctuation dropped, at most 6 of them. */
export function searchTokens(query: string): string[] {
  const words = normalizeText(query)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean);
  return [...new Set(words)].slice(0, 6);
}

/** Escapes LIKE wildcards so user input is matched literally (used with the default `\` escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** URL slug: normalized words joined by '-'. */
export function slugify(input: string): string {
  return normalizeText(input)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Plain text of markdown for indexing (headings, emphasis, links and tables reduced to words). */
function markdownToPlain(md: string): string {
  return md
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|~-]+/g, ' ');
}

/** Values for products.search_name / products.search_text. */
export function productSearchColumns(p: {
  name: string;
  sku: string;
  brand?: string | null;
  description?: string | null;
  extra?: string[];
}): { searchName: string; searchText: string } {
  const searchName = normalizeText(p.name);
  const searchText = normalizeText(
    [p.name, p.sku, p.brand ?? '', markdownToPlain(p.description ?? ''), ...(p.extra ?? [])].join(' '),
  );
  return { searchName, searchText };
}

const ACCENTED = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';

/**
 * A column folded the way `normalizeText` folds a query (accents out, lower case), in SQL that PostgreSQL and
 * PGlite both run without the `unaccent` extension: staff typing "fernandez" find "Fernández" (issue 32, item 6).
 * Accents go first: `lower()` of a non-ASCII capital depends on the database's locale.
 */
export function foldedSql(expr: SQL | AnyColumn): SQL {
  return sql`lower(translate(${expr}, ${ACCENTED}, ${PLAIN}))`;
}

/** `%query%` for LIKE against `foldedSql(…)`: the query normalized the same way, wildcards literal. */
export function foldedLike(query: string): string {
  return `%${escapeLike(normalizeText(query))}%`;
}
