import {
  canonicalCataloguePath,
  catalogueHref,
  catalogueQuery,
  DEFAULT_ROWS,
  DEFAULT_SORT,
  pageItems,
  parseCatalogueParams,
} from './params';

describe('parseCatalogueParams', () => {
  it('defaults: rows 12, page 1, default sort, no query, no category', () => {
    expect(parseCatalogueParams({})).toEqual({
      page: 1,
      rows: DEFAULT_ROWS,
      sort: DEFAULT_SORT,
      query: '',
      category: '',
      corrected: false,
    });
    expect(DEFAULT_ROWS).toBe(12);
  });

  it('reads valid values', () => {
    expect(parseCatalogueParams({ page: '3', rows: '48', sort: 'newest', query: '  palo   santo ', category: 'velas' })).toEqual({
      page: 3,
      rows: 48,
      sort: 'newest',
      query: 'palo santo',
      category: 'velas',
      corrected: false,
    });
  });

  it.each([
    [{ page: 'abc' }],
    [{ page: '0' }],
    [{ page: '-2' }],
    [{ page: '1.5' }],
    [{ page: '99999999999' }],
    [{ rows: '13' }],
    [{ rows: '24abc' }],
    [{ rows: '' }],
    [{ sort: 'price' }],
    [{ category: '../etc' }],
  ])('corrects %p without throwing', (sp) => {
    const out = parseCatalogueParams(sp);
    expect(out.corrected).toBe(true);
    expect(out.page).toBe(1);
    expect(out.rows).toBe(12);
    expect(out.sort).toBe(DEFAULT_SORT);
    expect(out.category).toBe('');
  });

  it('takes the first of repeated parameters and caps the query length', () => {
    const out = parseCatalogueParams({ page: ['2', '5'], query: 'x'.repeat(500) });
    expect(out.page).toBe(2);
    expect(out.query).toHaveLength(100);
  });
});

describe('links', () => {
  it('leave defaults out', () => {
    expect(catalogueQuery({ page: 1, rows: 12, sort: DEFAULT_SORT, query: '', category: '' })).toEqual({});
    expect(catalogueHref('/products', { page: 2, rows: 24, sort: 'name', query: 'vela' })).toBe(
      '/products?query=vela&sort=name&rows=24&page=2',
    );
    expect(catalogueHref('/velas', {})).toBe('/velas');
  });

  it('canonical keeps only page > 1', () => {
    expect(canonicalCataloguePath('/velas', 1)).toBe('/velas');
    expect(canonicalCataloguePath('/velas', 3)).toBe('/velas?page=3');
  });
});

describe('pageItems', () => {
  const show = (current: number, total: number) =>
    pageItems(current, total)
      .map((i) => (i.type === 'page' ? String(i.page) : '…'))
      .join(' ');

  it('handles none, one and few pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(show(1, 1)).toBe('1');
    expect(show(1, 3)).toBe('1 2 3');
    expect(show(2, 4)).toBe('1 2 3 4');
  });

  it('collapses long ranges around the current page', () => {
    expect(show(1, 20)).toBe('1 2 … 20');
    expect(show(10, 20)).toBe('1 … 9 10 11 … 20');
    expect(show(20, 20)).toBe('1 … 19 20');
    expect(show(3, 20)).toBe('1 2 3 4 … 20');
  });
});
