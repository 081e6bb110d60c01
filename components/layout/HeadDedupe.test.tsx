import { render, waitFor } from '@testing-library/react';
import { HeadDedupe } from './HeadDedupe';

describe('<HeadDedupe>', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('neutralizes a canonical link superseded later, as soon as the new one is added', async () => {
    document.head.innerHTML = '<link rel="canonical" href="https://shop.test/products">';
    const { unmount } = render(<HeadDedupe />);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);

    const next = document.createElement('link');
    next.rel = 'canonical';
    next.href = 'https://shop.test/products?page=2';
    document.head.appendChild(next);
    await waitFor(() => expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1));
    expect(document.head.querySelector('link[rel="canonical"]')).toBe(next);

    // after unmount, nothing watches the head any more
    unmount();
    const third = next.cloneNode() as HTMLLinkElement;
    document.head.appendChild(third);
    await new Promise((r) => setTimeout(r, 20));
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(2);
  });
});
