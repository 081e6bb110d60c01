// The ESM build of Next's ETag module ships no .d.ts; its exports are the CJS build's, plus what our patch adds
// (patches/next+16.4.6.patch, docs/adr/0016-etag-memo.md). Read by lib/cache/next-etag-patch.test.ts.
declare module 'next/dist/esm/server/lib/etag.js' {
  export { fnv1a52, generateETag } from 'next/dist/server/lib/etag';
  export const etagMemoSize: () => { entries: number; chars: number };
}
