#!/usr/bin/env node
/**
 * `npm run seo:audit -- <storefront URL> [--max-pages N] [--out report.md] [--concurrency 1..4]`
 *
 * The shop owner's Search Console before a deploy: crawls the storefront as a search engine would
 * (robots.txt honoured, rel=nofollow and meta robots nofollow not followed, bounded, ≤ 4 requests at
 * a time) from the home page and the sitemap, and reports per page: HTTP status, redirect hops and
 * Location headers, canonical and hreflang reciprocity, rich-result errors/warnings (Google's rules,
 * @adobe/structured-data-validator), HTML validity (html-validate), internal links that redirect or
 * fail, and the number of distinct URLs discovered. Writes a Markdown report; exits 1 on any error.
 */
import http from 'node:http';
import https from 'node:https';
import { writeFileSync } from 'node:fs';
import { load } from 'cheerio';
import robotsParser from 'robots-parser';
import { HtmlValidate } from 'html-validate';
import { richResultIssues } from './rich-results.mjs';

const USER_AGENT = 'Googlebot';

function parseArgs(argv) {
  const opts = { base: null, maxPages: 1500, out: 'seo-audit-report.md', concurrency: 4 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--max-pages') opts.maxPages = Number(argv[++i]);
    else if (a === '--out') opts.out = argv[++i];
    else if (a === '--concurrency') opts.concurrency = Number(argv[++i]);
    else if (!a.startsWith('--')) opts.base = a;
  }
  if (!opts.base) throw new Error('usage: npm run seo:audit -- <storefront URL> [--max-pages N] [--out file.md]');
  opts.base = new URL(opts.base).origin;
  if (!Number.isInteger(opts.maxPages) || opts.maxPages < 1) throw new Error('--max-pages must be a positive integer');
  // Polite by construction: never more than 4 requests in flight.
  opts.concurrency = Math.min(4, Math.max(1, Number.isInteger(opts.concurrency) ? opts.concurrency : 4));
  return opts;
}

/** One GET without following redirects; raw headers so that a doubled Location shows. */
function get(url) {
  return new Promise((resolve) => {
    const lib = url.startsWith('https:') ? https : http;
    const req = lib.get(url, { headers: { 'user-agent': `${USER_AGENT} (seo-audit)`, accept: 'text/html,*/*' }, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const locations = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i].toLowerCase() === 'location') locations.push(res.rawHeaders[i + 1]);
        }
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          xRobots: String(res.headers['x-robots-tag'] ?? ''),
          locations,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', (e) => resolve({ status: 0, error: e.message, locations: [], body: '', contentType: '' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, error: e.message, locations: [], body: '', contentType: '' }));
  });
}

/** Same-origin absolute URL without the fragment, or null for other origins/schemes. */
function normalize(href, from, origin) {
  try {
    const u = new URL(href, from);
    if (u.origin !== origin) return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

const pathOf = (url) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function pool(items, limit, worker) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await worker(items[next++]);
    }),
  );
}

export async function audit({ base, maxPages, concurrency }) {
  const origin = base;
  const robotsRes = await get(`${origin}/robots.txt`);
  const robots = robotsParser(`${origin}/robots.txt`, robotsRes.status === 200 ? robotsRes.body : '');
  const allowed = (url) => robots.isAllowed(url, USER_AGENT) !== false;

  const sitemapUrl = robots.getSitemaps()[0] ?? `${origin}/sitemap.xml`;
  const sitemapRes = await get(sitemapUrl.replace(/^https?:\/\/[^/]+/, origin));
  const sitemap = [...sitemapRes.body.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => normalize(m[1].replace(/^https?:\/\/[^/]+/, origin), origin, origin))
    .filter(Boolean);

  const htmlvalidate = new HtmlValidate({ extends: ['html-validate:recommended'], rules: RULES });
  const pages = new Map(); // url → record
  const discovered = new Set();
  const linkedFrom = new Map(); // url → Set(source urls)
  const queue = [];
  const enqueue = (url, source) => {
    if (source) {
      if (!linkedFrom.has(url)) linkedFrom.set(url, new Set());
      linkedFrom.get(url).add(source);
    }
    if (discovered.has(url)) return;
    discovered.add(url);
    if (!allowed(url)) return;
    queue.push(url);
  };
  enqueue(`${origin}/`, null);
  for (const u of sitemap) enqueue(u, null);

  async function visit(url) {
    if (pages.size >= maxPages) return;
    const rec = { url, status: 0, hops: 0, locations: [], errors: [], warnings: [], rich: { errors: 0, warnings: 0 }, html: 0, links: [] };
    pages.set(url, rec);
    const res = await get(url);
    rec.status = res.status;
    if (res.error) rec.errors.push(`request failed: ${res.error}`);
    if (res.status >= 300 && res.status < 400) {
      rec.locations = res.locations;
      if (res.locations.length !== 1) rec.errors.push(`redirect with ${res.locations.length} Location headers`);
      const target = res.locations[0] ? normalize(res.locations[0], url, origin) : null;
      if (target) {
        rec.target = target;
        const second = await get(target);
        rec.hops = 1;
        if (second.status >= 300 && second.status < 400) {
          rec.hops = 2;
          rec.errors.push(`redirect chain: ${pathOf(url)} → ${pathOf(target)} → ${second.locations.join(', ')}`);
        }
        enqueue(target, null);
      }
      return;
    }
    if (res.status >= 400 || res.status === 0) return;
    if (!/text\/html/.test(res.contentType)) return;

    const $ = load(res.body);
    const metaRobots = `${$('meta[name="robots"]').attr('content') ?? ''},${res.xRobots}`.toLowerCase();
    rec.noindex = /noindex/.test(metaRobots);
    const nofollowPage = /nofollow/.test(metaRobots);
    rec.canonical = $('link[rel="canonical"]').attr('href') ?? null;
    rec.alternates = {};
    $('link[rel="alternate"][hreflang]').each((_, el) => {
      rec.alternates[$(el).attr('hreflang')] = $(el).attr('href');
    });

    $('a[href]').each((_, el) => {
      const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
      const target = normalize($(el).attr('href'), url, origin);
      if (!target) return;
      if (nofollowPage || rel.includes('nofollow')) return;
      rec.links.push(target);
    });
    rec.links = [...new Set(rec.links)];
    for (const target of rec.links) enqueue(target, url);

    // Rich results only matter on pages that may be indexed.
    if (!rec.noindex) {
      for (const issue of await richResultIssues(res.body)) {
        const line = `${issue.path}: ${issue.issueMessage}`;
        if (issue.severity === 'ERROR') {
          rec.rich.errors++;
          rec.errors.push(`rich result: ${line}`);
        } else if (!/\(optional\)|gtin/.test(issue.issueMessage)) {
          // Google's "optional" suggestions (aggregateRating, color, …) are not defects: counted, not listed.
          rec.warnings.push(`rich result: ${line}`);
          rec.rich.warnings++;
        } else rec.rich.warnings++;
      }
    }
    const report = await htmlvalidate.validateString(res.body);
    for (const r of report.results) {
      for (const m of r.messages) {
        if (m.severity === 2) {
          rec.html++;
          rec.errors.push(`html (${m.ruleId}) ${m.line}:${m.column}: ${m.message}`);
        } else if (m.severity === 1) rec.warnings.push(`html (${m.ruleId}): ${m.message}`);
      }
    }
  }

  while (queue.length && pages.size < maxPages) {
    const batch = queue.splice(0, Math.max(1, Math.min(queue.length, maxPages - pages.size)));
    await pool(batch, concurrency, visit);
  }

  // Internal links that redirect or fail (only links a crawler follows).
  const badLinks = [];
  for (const [target, sources] of linkedFrom) {
    const rec = pages.get(target);
    if (!rec) continue;
    if (rec.status >= 300) badLinks.push({ target, status: rec.status, sources: [...sources] });
  }

  // Canonical / hreflang reciprocity: an indexable self-canonical page's alternates must point back.
  const reciprocity = [];
  for (const rec of pages.values()) {
    if (rec.status !== 200 || rec.noindex || !rec.canonical || !rec.alternates) continue;
    const canonical = normalize(rec.canonical.replace(/^https?:\/\/[^/]+/, origin), origin, origin);
    if (canonical !== rec.url) continue;
    for (const [lang, href] of Object.entries(rec.alternates)) {
      const alt = normalize(String(href).replace(/^https?:\/\/[^/]+/, origin), origin, origin);
      const other = alt && pages.get(alt);
      if (!other || other.status !== 200 || !other.alternates) {
        if (other && other.status !== 200) reciprocity.push({ url: rec.url, msg: `hreflang ${lang} → ${pathOf(alt)} answers ${other.status}` });
        continue;
      }
      const back = Object.values(other.alternates).map((h) => normalize(String(h).replace(/^https?:\/\/[^/]+/, origin), origin, origin));
      if (!back.includes(rec.url)) reciprocity.push({ url: rec.url, msg: `hreflang ${lang} → ${pathOf(alt)} does not point back` });
    }
  }
  for (const r of reciprocity) pages.get(r.url)?.errors.push(r.msg);
  for (const b of badLinks) {
    for (const s of b.sources) pages.get(s)?.errors.push(`links to ${pathOf(b.target)} (${b.status})`);
  }

  const list = [...pages.values()];
  const summary = {
    pagesCrawled: list.length,
    distinctUrls: discovered.size,
    sitemapUrls: sitemap.length,
    status: list.reduce((acc, p) => ((acc[p.status] = (acc[p.status] ?? 0) + 1), acc), {}),
    richResultErrors: list.reduce((n, p) => n + p.rich.errors, 0),
    richResultWarnings: list.reduce((n, p) => n + p.rich.warnings, 0),
    pagesWithRichResultErrors: list.filter((p) => p.rich.errors > 0).length,
    redirectChains: list.filter((p) => p.hops > 1 || (p.status >= 300 && p.status < 400 && p.locations.length !== 1)).length,
    redirectingInternalLinks: badLinks.filter((b) => b.status >= 300 && b.status < 400).reduce((n, b) => n + b.sources.length, 0),
    failingInternalLinks: badLinks.filter((b) => b.status >= 400 || b.status === 0).reduce((n, b) => n + b.sources.length, 0),
    hreflangErrors: reciprocity.length,
    htmlErrors: list.reduce((n, p) => n + p.html, 0),
    queryVariantUrls: [...discovered].filter((u) => /[?&](query|category)=/.test(u)).length,
    truncated: queue.length > 0,
  };
  summary.errors = list.reduce((n, p) => n + p.errors.length, 0);
  return { origin, summary, pages: list, badLinks };
}

/** html-validate rules that judge style, not validity or accessibility: off. */
const RULES = {
  'no-inline-style': 'off',
  'attribute-boolean-style': 'off',
  'attribute-empty-style': 'off',
  'no-trailing-whitespace': 'off',
  'void-style': 'off',
  'no-redundant-for': 'off',
  'long-title': 'off',
  'valid-id': 'off',
  'no-implicit-button-type': 'off',
  'prefer-native-element': 'off',
  'prefer-tbody': 'off',
  'element-permitted-content': 'error',
  // React writes charSet/fetchPriority…; HTML attribute names are case-insensitive.
  'attr-case': 'off',
  // H32 is a sufficient technique, not a requirement: the search form (one field) submits on Enter.
  'wcag/h32': 'warn',
  // Names on elements that may be named (a list, a region) are fine; the defect is a name on one that cannot be.
  'aria-label-misuse': ['error', { allowAnyNamable: true }],
};

export function markdown({ origin, summary, pages }) {
  const rows = [
    ['Pages crawled', summary.pagesCrawled],
    ['Distinct URLs discovered', summary.distinctUrls],
    ['…of which ?query / ?category variants', summary.queryVariantUrls],
    ['Sitemap URLs', summary.sitemapUrls],
    ['HTTP status', Object.entries(summary.status).map(([s, n]) => `${s}: ${n}`).join(', ')],
    ['Rich-result errors (pages)', `${summary.richResultErrors} (${summary.pagesWithRichResultErrors})`],
    ['Rich-result warnings', summary.richResultWarnings],
    ['Redirect chains / bad Location', summary.redirectChains],
    ['Internal links that redirect', summary.redirectingInternalLinks],
    ['Internal links that fail', summary.failingInternalLinks],
    ['hreflang reciprocity errors', summary.hreflangErrors],
    ['HTML errors (html-validate)', summary.htmlErrors],
    ['Errors in total', summary.errors],
  ];
  const out = [`# SEO audit of ${origin}`, '', `${new Date().toISOString()}${summary.truncated ? ' — crawl stopped at --max-pages' : ''}`, ''];
  out.push('| Check | Result |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`), '');
  out.push('## Pages', '', '| Page | Status | Hops | Rich errors | Rich warnings | HTML errors | Errors |', '|---|---|---|---|---|---|---|');
  for (const p of pages) {
    out.push(`| ${pathOf(p.url)} | ${p.status}${p.target ? ` → ${pathOf(p.target)}` : ''} | ${p.hops} | ${p.rich.errors} | ${p.rich.warnings} | ${p.html} | ${p.errors.length} |`);
  }
  const withErrors = pages.filter((p) => p.errors.length || p.warnings.length);
  if (withErrors.length) {
    out.push('', '## Findings', '');
    for (const p of withErrors) {
      out.push(`### ${pathOf(p.url)}`, '');
      for (const e of [...new Set(p.errors)]) out.push(`- **error** ${e}`);
      for (const w of [...new Set(p.warnings)]) out.push(`- warning ${w}`);
      out.push('');
    }
  }
  return `${out.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const opts = parseArgs(process.argv.slice(2));
  const result = await audit(opts);
  writeFileSync(opts.out, markdown(result));
  console.table(result.summary);
  console.log(`report: ${opts.out}`);
  process.exit(result.summary.errors > 0 ? 1 : 0);
}
