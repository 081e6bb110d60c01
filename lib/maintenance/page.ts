/**
 * The maintenance screen, served by proxy.ts with HTTP 503 for every page while api/config has
 * `maintaince: true`. A self-contained HTML document (inline styles and logo, no scripts, no other
 * requests: the app itself may be what is being maintained), translated, and kept out of indexes.
 */
import esErrors from '@/messages/es/errors.json';
import enErrors from '@/messages/en/errors.json';
import ptErrors from '@/messages/pt-BR/errors.json';
import esSeo from '@/messages/es/seo.json';
import enSeo from '@/messages/en/seo.json';
import ptSeo from '@/messages/pt-BR/seo.json';
import type { Locale } from '@/lib/locales';
import { CONTACT, whatsappUrl } from '@/lib/seo/business';

export const RETRY_AFTER_SECONDS = 3600;

/**
 * A message as plain text with its `{name}` placeholders. The production build precompiles every
 * messages/*.json (next.config.mjs, next-intl `precompile`), so an imported message may arrive as the
 * compiled form — e.g. ["Escribinos al ", ["number"], "."] — instead of the source string.
 */
export function plainMessage(message: unknown): string {
  if (typeof message === 'string') return message;
  if (!Array.isArray(message)) return '';
  return message.map((part) => (typeof part === 'string' ? part : Array.isArray(part) && typeof part[0] === 'string' ? `{${part[0]}}` : '')).join('');
}

type Texts = { title: string; text: string; contact: string; retry: string; pageTitle: string };
const texts = (errors: { maintenance: Record<string, unknown> }, seo: { maintenance: { title: unknown } }): Texts => ({
  title: plainMessage(errors.maintenance.title),
  text: plainMessage(errors.maintenance.text),
  contact: plainMessage(errors.maintenance.contact),
  retry: plainMessage(errors.maintenance.retry),
  pageTitle: plainMessage(seo.maintenance.title),
});

const TEXTS: Record<Locale, Texts> = {
  es: texts(esErrors, esSeo),
  en: texts(enErrors, enSeo),
  'pt-BR': texts(ptErrors, ptSeo),
};


function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export function maintenanceHtml(locale: Locale): string {
  const t = TEXTS[locale];
  // The message carries an ICU-style {number} placeholder (same text as messages/<locale>/errors.json).
  const contact = escapeHtml(t.contact).replace(
    '{number}',
    `<a href="${escapeHtml(whatsappUrl())}">${escapeHtml(CONTACT.whatsappDisplay)}</a>`,
  );
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="theme-color" content="#4a2340">
<title>Aromas del Alma | ${escapeHtml(t.pageTitle)}</title>
<link rel="icon" href="/favicon.ico" sizes="any">
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:#fbf6ee;color:#2b2118;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.6;text-align:center}
main{max-width:560px;padding:40px 28px;background:#fff;border:1px solid #e6d8c4;border-radius:16px;box-shadow:0 12px 32px rgb(60 40 20 / .12)}
.brand{display:inline-flex;align-items:center;gap:10px;margin:0 0 16px;font-family:'Iowan Old Style','Palatino Linotype',Georgia,serif;font-weight:700;font-size:1.3rem}
h1{margin:0 0 12px;font-family:'Iowan Old Style','Palatino Linotype',Georgia,serif;color:#5b2a4e;font-size:clamp(1.6rem,1.2rem + 2vw,2.2rem);line-height:1.2}
p{margin:0 0 16px;color:#6b5a4c}
a{color:#a4471f;font-weight:600}
.retry{display:inline-block;margin-top:8px;padding:10px 24px;border-radius:999px;background:#a4471f;color:#fff;text-decoration:none}
.retry:hover{background:#8e3b18}
a:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="brand"><svg width="40" height="40" viewBox="0 0 48 48" aria-hidden="true"><circle cx="24" cy="24" r="24" fill="#a4471f"/><path d="M24 8.5c3.6 4.9 8.2 8.6 8.2 14.6 0 5.1-3.7 8.6-8.2 8.6s-8.2-3.5-8.2-8.6c0-3.7 2-6.4 4-8.3.2 2.8 1.3 4.4 3.1 5.1.9-3.4 1.1-7.1 1.1-11.4z" fill="#fbf6ee"/><path d="M24 21.8c1.7 2.1 3.1 3.6 3.1 5.6a3.1 3.1 0 0 1-6.2 0c0-1.9 1.4-3.4 3.1-5.6z" fill="#e9a94f"/><rect x="15.5" y="34.5" width="17" height="3.4" rx="1.7" fill="#fbf6ee"/></svg>Aromas del Alma</p>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.text)}</p>
<p>${contact}</p>
<a class="retry" href="">${escapeHtml(t.retry)}</a>
</main>
</body>
</html>`;
}

/** The 503 response: translated screen, Retry-After, never cached, never indexed. */
export function maintenanceResponse(locale: Locale): Response {
  return new Response(maintenanceHtml(locale), {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': String(RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
    },
  });
}
