/**
 * The order mails, beside the account mails (templates.ts): "we received your order" to the customer
 * and "new order" to the shop. Lines and totals read exactly as the order page shows them
 * (lib/orders/lines: requested, delivered and missing per line; the delivered amounts add up to the
 * subtotal), from the same answer the page parses (lib/contracts/orders).
 */
import type { OrderDetail } from '../../lib/contracts/orders';
import { formatPesos } from '../../lib/money';
import { lineView } from '../../lib/orders/lines';
import { layoutMail, type MailLinks, type MailTable, type RenderedMail } from './templates';

const SHOP = 'Aromas del Alma';

function orderTable(order: OrderDetail): MailTable {
  const totals: [string, string][] = [];
  if (order.totalPrice !== order.subtotal) totals.push(['Total pedido (con faltantes)', formatPesos(order.totalPrice)]);
  totals.push(['Subtotal (lo que se entrega)', formatPesos(order.subtotal)]);
  if (order.bonus > 0) totals.push(['Bonificación', `−${formatPesos(order.bonus)}`]);
  totals.push(['IVA (21 %)', formatPesos(order.vat)]);
  if (order.iibb > 0) totals.push(['IIBB Misiones (4,5 %)', formatPesos(order.iibb)]);
  totals.push(['Total final', formatPesos(order.finalTotal)]);
  return {
    head: ['Producto', 'Pedidas', 'Entregadas', 'Faltan', 'Total'],
    rows: order.items.map((i) => {
      const line = lineView(i);
      return [
        `${i.name}${i.variationName ? ` – ${i.variationName}` : ''} (${formatPesos(i.unitPrice)} c/u)`,
        String(line.requested),
        String(line.delivered),
        line.missingUnits > 0 ? String(line.missingUnits) : '—',
        formatPesos(line.deliveredTotal),
      ];
    }),
    totals,
  };
}

function shipping(order: OrderDetail): string {
  if (order.toSucc) return 'Retiro en el local';
  const a = order.address;
  const transport = order.otherTransport ?? order.transport?.name ?? null;
  return [transport, a ? `${a.street} ${a.number}, ${a.city}, ${a.province} (${a.postalCode})` : null].filter(Boolean).join(' — ');
}

export function orderReceivedMail(p: { name: string; order: OrderDetail; url: string }, links: MailLinks): RenderedMail {
  return layoutMail(
    `Recibimos tu pedido N° ${p.order.number} en ${SHOP}`,
    {
      greeting: p.name ? `¡Hola, ${p.name}!` : '¡Hola!',
      paragraphs: [
        `¡Recibimos tu pedido N° ${p.order.number}! Vamos a revisarlo y te avisamos cuando empecemos a prepararlo.`,
        `Entrega: ${shipping(p.order)}.`,
      ],
      table: orderTable(p.order),
      action: { label: 'Ver mi pedido', url: p.url },
      after: ['El total final lo confirmamos en el presupuesto. Por cualquier consulta, escribinos en el chat del pedido.'],
    },
    links,
  );
}

export function shopNewOrderMail(p: { order: OrderDetail; customer: { name: string; lastname: string; email: string }; url: string }): RenderedMail {
  const who = `${p.customer.name} ${p.customer.lastname}`.trim() || p.customer.email;
  return layoutMail(
    `Pedido nuevo N° ${p.order.number} de ${who}`,
    {
      greeting: 'Hola:',
      paragraphs: [`${who} (${p.customer.email}) envió el pedido N° ${p.order.number}.`, `Entrega: ${shipping(p.order)}.`],
      table: orderTable(p.order),
      action: { label: 'Abrir el pedido', url: p.url },
    },
    null,
  );
}

/**
 * "Tu pedido fue rechazado / desarmado" (issue 32, item 6): staff's reason, as the customer reads it on the
 * order page too.
 */
export function orderClosedByShopMail(p: { name: string; number: number; stateLabel: string; reason: string; url: string }, links: MailLinks): RenderedMail {
  return layoutMail(
    `Tu pedido N° ${p.number} pasó a ${p.stateLabel} — ${SHOP}`,
    {
      greeting: p.name ? `¡Hola, ${p.name}!` : '¡Hola!',
      paragraphs: [`Tu pedido N° ${p.number} pasó a: ${p.stateLabel}.`, `Motivo: ${p.reason}`],
      action: { label: 'Ver mi pedido', url: p.url },
      after: ['Si tenés dudas, escribinos en el chat del pedido.'],
    },
    links,
  );
}

const hello = (name: string) => (name ? `¡Hola, ${name}!` : '¡Hola!');

/** The budget staff sent (issue 24 §1): lines, totals and "Válido hasta {fecha}" (the shop's last valid day). */
export function budgetSentMail(p: { name: string; order: OrderDetail; validUntil: string | null; url: string }, links: MailLinks): RenderedMail {
  return layoutMail(
    `Presupuesto de tu pedido N° ${p.order.number} — ${SHOP}`,
    {
      greeting: hello(p.name),
      paragraphs: [
        `Ya está el presupuesto de tu pedido N° ${p.order.number}. Revisalo y, si estás de acuerdo, aceptalo desde la página del pedido.`,
        ...(p.validUntil ? [`Válido hasta ${p.validUntil}.`] : []),
      ],
      table: orderTable(p.order),
      action: { label: 'Ver y aceptar el presupuesto', url: p.url },
      after: ['Si tenés dudas, escribinos en el chat del pedido.'],
    },
    links,
  );
}

/** Reminder, once, 24 h before the budget expires. */
export function budgetExpiringMail(p: { name: string; number: number; validUntil: string; url: string }, links: MailLinks): RenderedMail {
  return layoutMail(
    `Tu presupuesto del pedido N° ${p.number} está por vencer — ${SHOP}`,
    {
      greeting: hello(p.name),
      paragraphs: [
        `El presupuesto de tu pedido N° ${p.number} es válido hasta ${p.validUntil}.`,
        'Aceptalo antes para mantener esos precios; después vas a tener que pedir un presupuesto actualizado.',
      ],
      action: { label: 'Ver el presupuesto', url: p.url },
    },
    links,
  );
}

/** Reminder, once, when an accepted order still has no proof of transfer after the days to pay. */
export function paymentOverdueMail(p: { name: string; number: number; url: string }, links: MailLinks): RenderedMail {
  return layoutMail(
    `Falta el comprobante de pago del pedido N° ${p.number} — ${SHOP}`,
    {
      greeting: hello(p.name),
      paragraphs: [
        `Tu pedido N° ${p.number} está aceptado y todavía no recibimos el comprobante de la transferencia.`,
        'Subilo desde la página del pedido para que podamos seguir con el envío o el retiro.',
      ],
      action: { label: 'Subir el comprobante', url: p.url },
      after: ['Si ya pagaste, ignorá este mensaje o avisanos en el chat del pedido.'],
    },
    links,
  );
}
