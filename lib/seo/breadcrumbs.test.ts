import { breadcrumbJsonLd } from './breadcrumbs';

describe('breadcrumbJsonLd', () => {
  it('numbers the steps from 1 and keeps names and absolute URLs', () => {
    const ld = breadcrumbJsonLd([
      { name: 'Inicio', url: 'https://shop.test/' },
      { name: 'Velas', url: 'https://shop.test/velas' },
      { name: 'Vela de soja', url: 'https://shop.test/velas/vela-de-soja' },
    ]);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('BreadcrumbList');
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://shop.test/' },
      { '@type': 'ListItem', position: 2, name: 'Velas', item: 'https://shop.test/velas' },
      { '@type': 'ListItem', position: 3, name: 'Vela de soja', item: 'https://shop.test/velas/vela-de-soja' },
    ]);
  });

  it('gives an empty list for an empty trail', () => {
    expect(breadcrumbJsonLd([]).itemListElement).toEqual([]);
  });
});
