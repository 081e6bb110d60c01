import { extractItems, moveActive, normalizeQuery, productHref, searchApiPath, searchResultsHref } from './search-logic';

describe('normalizeQuery', () => {
  it('trims and collapses whitespace; blank text means no request', () => {
    expect(normalizeQuery('  palo   santo ')).toBe('palo santo');
    expect(normalizeQuery('   ')).toBe('');
    expect(normalizeQuery('')).toBe('');
  });
});

describe('urls', () => {
  it('encodes the term for the API and the catalogue', () => {
    expect(searchApiPath('vela & soja')).toBe('api/products/search?query=vela%20%26%20soja');
    expect(searchResultsHref('palo santo')).toBe('/products?query=palo%20santo');
  });

  it('links a match to /{firstCategorySlug}/{productSlug}', () => {
    expect(
      productHref({ slug: 'vela-de-soja', name: 'Vela de soja', Categories: [{ id: 1, name: 'Velas', slug: 'velas' }, { id: 2, name: 'X', slug: 'x' }] }),
    ).toBe('/velas/vela-de-soja');
  });

  it('falls back to the catalogue path without category, and to a search without slug', () => {
    expect(productHref({ slug: 'suelto', name: 'Suelto', Categories: [] })).toBe('/products/suelto');
    expect(productHref({ slug: '', name: 'Sin slug', Categories: [] })).toBe('/products?query=Sin%20slug');
  });
});

describe('extractItems', () => {
  it('reads data.items or a bare list, anything else is empty', () => {
    expect(extractItems({ items: [{ id: 1 }] })).toEqual([{ id: 1 }]);
    expect(extractItems([{ id: 2 }])).toEqual([{ id: 2 }]);
    expect(extractItems(null)).toEqual([]);
    expect(extractItems({ items: 'x' })).toEqual([]);
  });
});

describe('moveActive', () => {
  it('ArrowDown from nothing goes to the first option and wraps at the end', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(0);
  });
  it('ArrowUp from nothing goes to the last option and wraps at the start', () => {
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(2, -1, 3)).toBe(1);
  });
  it('no options, no active option; an out-of-range index restarts', () => {
    expect(moveActive(0, 1, 0)).toBe(-1);
    expect(moveActive(7, 1, 3)).toBe(0);
  });
});
