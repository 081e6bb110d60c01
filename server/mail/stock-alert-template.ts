/** The back-in-stock mail (issue 24 §3, services/stock-alerts.ts): one per alert, linking the product page. */
import { layoutMail, type MailLinks, type RenderedMail } from './templates';

export function stockAlertMail(p: { name: string; product: string; url: string }, links: MailLinks): RenderedMail {
  return layoutMail(
    `Volvió el stock: ${p.product}`,
    {
      greeting: p.name ? `¡Hola, ${p.name}!` : '¡Hola!',
      paragraphs: [`Ya hay stock de ${p.product}, que nos pediste que te avisáramos.`, 'El aviso ya se usó: si se vuelve a agotar, podés pedir otro desde la página del producto.'],
      action: { label: 'Ver el producto', url: p.url },
    },
    links,
  );
}
