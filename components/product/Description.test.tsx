import { render } from '@testing-library/react';
import { Description } from './Description';

describe('Description (markdown)', () => {
  it('renders markdown and never raw HTML', () => {
    const md = [
      '# Título',
      '',
      'Texto **fuerte** y <b>negrita cruda</b>.',
      '',
      '<script>window.__pwned = true</script>',
      '',
      '<img src=x onerror="window.__pwned=true">',
      '',
      '[malo](javascript:alert(1)) [bueno](https://example.com)',
    ].join('\n');
    const { container } = render(<Description markdown={md} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('fuerte');
    // Headings sit below the page h1 and the section h2.
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('h3')?.textContent).toBe('Título');
    const links = [...container.querySelectorAll('a')];
    expect(links.find((a) => a.textContent === 'malo')?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    const good = links.find((a) => a.textContent === 'bueno');
    expect(good).toHaveAttribute('href', 'https://example.com');
    expect(good).toHaveAttribute('rel', 'nofollow noopener noreferrer');
  });
});
