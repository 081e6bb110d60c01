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
