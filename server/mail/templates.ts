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

interface Body {
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  after?: string[];
}

function layout(subject: string, body: Body, links: MailLinks): RenderedMail {
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    `${body.action.label}:`,
    body.action.url,
    '',
    ...(body.after ?? []).flatMap((p) => [p, '']),
    `— ${SHOP}`,
    '',
    '—',
    `Elegí qué emails recibís: ${links.preferences}`,
    `Darte de baja con un clic: ${links.unsubscribe}`,
    '',
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
<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#a4471f;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 28px;border-radius:999px">${escapeHtml(body.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5a4c;line-height:1.5">Si el botón no funciona, copiá este enlace en tu navegador:<br><a href="${escapeHtml(body.action.url)}" style="color:#a4471f;word-break:break-all">${escapeHtml(body.action.url)}</a></p>
${(body.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e6d8c4;font-size:12px;color:#6b5a4c;line-height:1.5">
${SHOP} · Sahumerios, velas y productos esotéricos por mayor<br>
<a href="${escapeHtml(links.preferences)}" style="color:#6b5a4c">Elegí qué emails recibís</a> · <a href="${escapeHtml(links.unsubscribe)}" style="color:#6b5a4c">Darte de baja con un clic</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const headers: Record<string, string> = {
    'List-Unsubscribe': links.oneClick ? `<${links.oneClick}>, <${links.unsubscribe}>` : `<${links.unsubscribe}>`,
  };
  if (links.oneClick) headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  return { subject, text, html, headers };
}

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
