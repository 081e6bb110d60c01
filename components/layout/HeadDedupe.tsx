'use client';
import { useEffect } from 'react';
import { dedupeMetadata } from '@/lib/seo/head-dedupe';

/** Keeps one canonical/description/og/twitter/hreflang set in <head> across client navigations (lib/seo/head-dedupe). */
export function HeadDedupe(): null {
  useEffect(() => {
    const head = document.head;
    dedupeMetadata(head);
    const observer = new MutationObserver(() => dedupeMetadata(head));
    observer.observe(head, { childList: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
