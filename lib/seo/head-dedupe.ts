/**
 * Works around a Next 16 router bug (vercel/next.js#97472, open): after a client-side navigation that
 * starts while the previous page's head is still settling, the previous page's metadata can stay in
 * <head> next to the new one — two canonical links, two descriptions, two sets of og/twitter tags and
 * hreflang alternates, for as long as the page stays open. The HTML every crawler loads is right; this
 * is about the live document (share sheets, browser and extension UI, search engines that render a
 * session's later pages).
 *
 * React appends hoisted <meta>/<link> tags to <head>, so of two tags with the same key the later one is
 * the current page's. The older ones are made inert, not removed: React still owns them and removes
 * them itself when (if) their owner unmounts — a node missing from the DOM would make that removal throw.
 * Each of our pages has one og:image, so repeated og/twitter keys are never meant to be kept.
 */

/** What makes two metadata tags the same slot, or null for tags that may legitimately repeat. */
export function metadataKey(el: Element): string | null {
  const tag = el.tagName.toLowerCase();
  if (tag === 'link') {
    const rel = el.getAttribute('rel');
    if (rel === 'canonical') return 'canonical';
    if (rel === 'alternate' && el.hasAttribute('hreflang')) return `alternate:${el.getAttribute('hreflang')}`;
    return null;
  }
  if (tag === 'meta') {
    const name = el.getAttribute('name');
    if (name === 'description' || name === 'robots' || name?.startsWith('twitter:')) return `name:${name}`;
    const property = el.getAttribute('property');
    if (property?.startsWith('og:')) return `property:${property}`;
  }
  return null;
}

const METADATA_SELECTOR = 'link[rel="canonical"], link[rel="alternate"][hreflang], meta[name], meta[property]';

/** The tags of `head` that an equal-keyed later tag supersedes, in document order. */
export function staleMetadata(head: ParentNode): Element[] {
  const latest = new Map<string, Element>();
  const stale: Element[] = [];
  for (const el of Array.from(head.querySelectorAll(METADATA_SELECTOR))) {
    const key = metadataKey(el);
    if (!key) continue;
    const previous = latest.get(key);
    if (previous) stale.push(previous);
    latest.set(key, el);
  }
  return stale;
}

/** Takes a tag out of play while leaving it in the DOM (its attributes kept under data-stale-*). */
function neutralize(el: Element): void {
  for (const attr of ['rel', 'hreflang', 'name', 'property']) {
    const value = el.getAttribute(attr);
    if (value === null) continue;
    el.setAttribute(`data-stale-${attr}`, value);
    el.removeAttribute(attr);
  }
}

/** Neutralizes the superseded tags of `head`; returns how many. */
export function dedupeMetadata(head: ParentNode): number {
  const stale = staleMetadata(head);
  stale.forEach(neutralize);
  return stale.length;
}
