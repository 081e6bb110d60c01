/**
 * The account mails, in Spanish: subject, plain-text part and HTML part. Every mail ends with the signed
 * one-click unsubscribe link and the List-Unsubscribe headers (RFC 2369 / RFC 8058).
 */

export interface MailLinks {
  /** storefront /suscriptions?token=… (preferences page) */
  preferences: string;
  /** storefront /suscriptions?token=…&unsubscribe=1 (turns everything off on open) */
  unsubscribe: string;
  /** API one-click endpoint for List-Unsubscribe-Post, when the API's public URL is known */
  oneClick?: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const SHOP = 'Aromas del Alma';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A table of lines and totals (order mails), rendered in both parts. */
export interface MailTable {
  head: string[];
  rows: string[][];
  /** [label, value] under the rows; the last one is the grand total */
  totals: [string, string][];
}

interface Body {
  greeting: string;
  paragraphs: string[];
  table?: MailTable;
  action: { label: string; url: string };
  after?: string[];
}

function tableText(t: MailTable): string[] {
  return [
    ...t.rows.map((r) => r.map((cell, i) => `${t.head[i]}: ${cell}`).join(' · ')),
    '',
    ...t.totals.map(([label, value]) => `${label}: ${value}`),
    '',
  ];
}

function tableHtml(t: MailTable): string {
  const td = (s: string, i: number) =>
    `<td style="padding:6px 4px;border-bottom:1px solid #e6d8c4;${i > 0 ? 'text-align:right;white-space:nowrap' : ''}">${escapeHtml(s)}</td>`;
  const th = (s: string, i: number) =>
    `<th scope="col" style="padding:6px 4px;border-bottom:2px solid #e6d8c4;font-size:13px;color:#6b5a4c;${i > 0 ? 'text-align:right' : 'text-align:left'}">${escapeHtml(s)}</th>`;
  const total = ([label, value]: [string, string], i: number, all: [string, string][]) =>
    `<tr><td colspan="${t.head.length - 1}" style="padding:4px;text-align:right;${i === all.length - 1 ? 'font-weight:700' : ''}">${escapeHtml(label)}</td><td style="padding:4px;text-align:right;white-space:nowrap;${i === all.length - 1 ? 'font-weight:700' : ''}">${escapeHtml(value)}</td></tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px;border-collapse:collapse">
<thead><tr>${t.head.map(th).join('')}</tr></thead>
<tbody>${t.rows.map((r) => `<tr>${r.map(td).join('')}</tr>`).join('\n')}</tbody>
<tfoot>${t.totals.map(total).join('\n')}</tfoot>
</table>`;
}

/** `links` null: a mail to the shop itself (no preferences or unsubscribe footer). */
function layout(subject: string, body: Body, links: MailLinks | null): RenderedMail {
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.table ? tableText(body.table) : []),
    `${body.action.label}:`,
    body.action.url,
    '',
    ...(body.after ?? []).flatMap((p) => [p, '']),
    `— ${SHOP}`,
    '',
    ...(links ? ['—', `Elegí qué emails recibís: ${links.preferences}`, `Darte de baja con un clic: ${links.unsubscribe}`, ''] : []),
  ].join('\n');

  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#fbf6ee;color:#2b2118;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fbf6ee;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e6d8c4;border-radius:16px">
<tr><td style="padding:24px 28px 8px;font-family:Georgia,'Times New Roman',serif;font-size:22px;font-weight:700;color:#5b2a4e">✦ ${SHOP}</td></tr>
<tr><td style="padding:8px 28px 8px;font-size:16px">
${p(body.greeting)}
${body.paragraphs.map(p).join('\n')}
${body.table ? tableHtml(body.table) : ''}
<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#a4471f;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 28px;border-radius:999px">${escapeHtml(body.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5a4c;line-height:1.5">Si el botón no funciona, copiá este enlace en tu navegador:<br><a href="${escapeHtml(body.action.url)}" style="color:#a4471f;word-break:break-all">${escapeHtml(body.action.url)}</a></p>
${(body.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e6d8c4;font-size:12px;color:#6b5a4c;line-height:1.5">
${SHOP} · Sahumerios, velas y productos esotéricos por mayor${
    links
      ? `<br>
<a href="${escapeHtml(links.preferences)}" style="color:#6b5a4c">Elegí qué emails recibís</a> · <a href="${escapeHtml(links.unsubscribe)}" style="color:#6b5a4c">Darte de baja con un clic</a>`
      : ''
  }
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const headers: Record<string, string> = {};
  if (links) {
    headers['List-Unsubscribe'] = links.oneClick ? `<${links.oneClick}>, <${links.unsubscribe}>` : `<${links.unsubscribe}>`;
    if (links.oneClick) headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { subject, text, html, headers };
}

/** The shared layout, for the mails of other features (order-templates.ts). */
export const layoutMail = layout;

function hello(name: string): string {
  return name ? `¡Hola, ${name}!` : '¡Hola!';
}

export function verificationMail(p: { name: string; url: string }, links: MailLinks): RenderedMail {
  return layout(
    `Confirmá tu email en ${SHOP}`,
    {
      greeting: hello(p.name),
      paragraphs: [
        `Gracias por registrarte en ${SHOP}. Para activar tu cuenta y poder ingresar, confirmá tu dirección de email.`,
        'El enlace vence en 48 horas.',
      ],
      action: { label: 'Confirmar mi email', url: p.url },
      after: ['Si no creaste una cuenta, ignorá este mensaje.'],
    },
    links,
  );
}

export function resetPasswordMail(p: { name: string; url: string }, links: MailLinks): RenderedMail {
  return layout(
    `Cambiá tu contraseña de ${SHOP}`,
    {
      greeting: hello(p.name),
      paragraphs: [
        'Recibimos un pedido para cambiar la contraseña de tu cuenta. Usá el botón para elegir una nueva.',
        'El enlace vence en 1 hora y sirve una sola vez.',
      ],
      action: { label: 'Elegir una nueva contraseña', url: p.url },
      after: ['Si no lo pediste vos, ignorá este mensaje: tu contraseña no cambia.'],
    },
    links,
  );
}

export function autoLoginMail(p: { name: string; url: string; orderLabel: string }, links: MailLinks): RenderedMail {
  return layout(
    `Tu pedido ${p.orderLabel} en ${SHOP}`,
    {
      greeting: hello(p.name),
      paragraphs: [
        `Hay novedades en tu pedido ${p.orderLabel}. Entrá directo con este enlace, sin escribir tu contraseña.`,
        'El enlace vence en 7 días y sirve una sola vez.',
      ],
      action: { label: 'Ver mi pedido', url: p.url },
    },
    links,
  );
}
