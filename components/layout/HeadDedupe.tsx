'use client';
import { useEffect } from 'react';

/** Added nodes that may be a page's metadata (lib/seo/head-dedupe's keys: meta, canonical, hreflang). */
function addsMetadata(records: MutationRecord[]): boolean {
  return records.some((r) =>
    Array.from(r.addedNodes).some((n) => n.nodeName === 'META' || (n.nodeName === 'LINK' && /canonical|alternate/.test((n as Element).getAttribute('rel') ?? ''))),
  );
}

/**
 * Keeps one canonical/description/og/twitter/hreflang set in <head> across client navigations (lib/seo/head-dedupe).
 * The server's HTML has one set: the deduper loads at the first metadata a client navigation adds.
 */
export function HeadDedupe(): null {
  useEffect(() => {
    const head = document.head;
    let live = true;
    const observer = new MutationObserver((records) => {
      if (!addsMetadata(records)) return;
      void import('@/lib/seo/head-dedupe').then(({ dedupeMetadata }) => {
        if (live) dedupeMetadata(head);
      });
    });
    observer.observe(head, { childList: true });
    return () => {
      live = false;
      observer.disconnect();
    };
  }, []);
  return null;
}
