/**
 * Next's ETag of a cached page, memoised per payload by our patch (patches/next+16.4.6.patch,
 * docs/adr/0016-etag-memo.md). The server bundle imports the ESM build; both builds are patched alike.
 */
import * as cjs from 'next/dist/server/lib/etag';
import * as esm from 'next/dist/esm/server/lib/etag.js';

// the CJS build's .d.ts is Next's own and does not know the patch's export
type Patched = typeof cjs & { etagMemoSize?: () => { entries: number; chars: number } };
const { fnv1a52, generateETag, etagMemoSize } = esm;
const unpatched = (s: string, weak = false) => `${weak ? 'W/"' : '"'}${fnv1a52(s).toString(36)}${s.length.toString(36)}"`;

describe("Next's ETag, memoised (our patch)", () => {
  it('is applied to both builds (the server bundle imports the ESM one)', () => {
    expect(typeof etagMemoSize).toBe('function');
    expect(typeof (cjs as Patched).etagMemoSize).toBe('function');
    const page = 'x'.repeat(20_000);
    expect(cjs.generateETag(page)).toBe(esm.generateETag(page));
  });

  it('gives exactly the unpatched value, first and every later time, strong and weak', () => {
    const page = `<html>${'sahumerio '.repeat(10_000)}</html>`;
    expect(generateETag(page)).toBe(unpatched(page));
    expect(generateETag(page)).toBe(unpatched(page));
    expect(generateETag(page, true)).toBe(unpatched(page, true));
  });

  it('never answers one payload with the ETag of another of the same length', () => {
    // V8 keys long strings by their length: the memo must still compare the content
    const a = `${'a'.repeat(50_000)}x`;
    const b = `${'a'.repeat(50_000)}y`;
    expect(generateETag(a)).toBe(unpatched(a));
    expect(generateETag(b)).toBe(unpatched(b));
    expect(generateETag(a)).not.toBe(generateETag(b));
  });

  it('stays bounded: oldest payloads are dropped past 512 entries or 32 M characters', () => {
    for (let i = 0; i < 600; i++) generateETag(`page ${i}`);
    expect(etagMemoSize().entries).toBeLessThanOrEqual(512);
    for (let i = 0; i < 12; i++) generateETag(String(i).repeat(4 * 1024 * 1024));
    const { chars } = etagMemoSize();
    expect(chars).toBeLessThanOrEqual(32 * 1024 * 1024);
    expect(chars).toBeGreaterThan(0);
  });
});
