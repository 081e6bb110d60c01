/**
 * Spanish messages of the checkout and order API (the shared catalogue of spec §8 lives in
 * server/errors.ts; these are the order-specific ones). The storefront shows `message` as it comes.
 */
import { formatCents, type Cents } from '../../lib/money';
import { illegalTransitionMessage, MAX_UPLOAD_LABEL, type OrderState, type ShippingZone } from '../../lib/orders';
import { DOCUMENT_MESSAGES_ES } from '../../lib/validation/cuit';
import { MESSAGES } from '../errors';

const q = (name: string) => `“${name}”`;

export const ORDER_MESSAGES = {
  created: (number: number) => `Recibimos tu pedido #${number}`,
  accepted: 'Aceptaste el presupuesto',
  cancelled: 'Cancelaste el pedido',
  finished: 'Pedido finalizado',
  added: 'Agregamos los productos a tu pedido',
  stateChanged: 'Estado del pedido actualizado',
  budgetSent: 'Presupuesto enviado',
  remitSaved: 'Remito guardado',
  documentSaved: 'Documento guardado',
  proofSaved: 'Recibimos tu comprobante',
  saved: MESSAGES.saved,

  productNotFound: (id: number) => `No se encontró el producto (id ${id})`,
  productUnavailable: (name: string) => `El producto ${q(name)} no está disponible`,
  productNoStock: (name: string) => `El producto ${q(name)} no tiene stock`,
  productIsVariable: (name: string) => `Elegí una variante de ${q(name)}`,
  quantityInvalid: (name: string, b: { step: number; lowest: number; highest: number }) =>
    b.step > 1
      ? `La cantidad de ${q(name)} no es válida: se vende de a ${b.step} unidades, entre ${b.lowest} y ${b.highest}`
      : `La cantidad de ${q(name)} no es válida: debe estar entre ${b.lowest} y ${b.highest}`,
  belowMinimum: (requiredCents: Cents, zone: ShippingZone) => {
    const amount = formatCents(requiredCents, { decimals: 0 });
    if (zone === 'pickup') return `Tu compra no alcanza el mínimo de ${amount} para retirar en el local`;
    if (zone === 'interior') return `Tu compra no alcanza el mínimo de ${amount} (mínimo + IVA) para envíos al interior`;
    return `Tu compra no alcanza el mínimo de ${amount}`;
  },
  transportDisabled: MESSAGES.transportDisabled,
  otherTransportRequired: 'Escribí el nombre del transporte',
  addressRequired: 'Elegí una dirección de envío guardada',
  idempotencyKeyInvalid: 'La clave Idempotency-Key no es válida: debe tener entre 8 y 100 letras, números, guiones o guiones bajos',
  idempotencyKeyReused: 'Esta clave Idempotency-Key ya se usó para otro pedido distinto: generá una nueva para cada pedido',
  illegalTransition: (from: OrderState, to: OrderState) => illegalTransitionMessage(from, to),
  additionsExhausted: 'Este pedido ya no admite más agregados en su estado actual',
  itemNotInOrder: (itemId: number) => `El ítem ${itemId} no pertenece al pedido`,
  bonusTooHigh: 'La bonificación no puede superar el subtotal',
  remitState: 'El remito se carga cuando el pedido fue aceptado',

  fileTooLarge: `${MESSAGES.fileTooLarge} ${MAX_UPLOAD_LABEL}`,
  noFile: MESSAGES.noFile,
  proofType: 'El comprobante debe ser una imagen (JPG, PNG o WEBP) o un PDF',
  pdfOnly: 'El archivo debe ser un PDF',
  proofState: 'Este pedido ya no admite comprobantes',

  addressCreated: 'Dirección creada',
  addressDeleted: 'Dirección eliminada',
  billingCreated: 'Datos de facturación creados',
  billingDeleted: 'Datos de facturación eliminados',
  billingInUse: 'Estos datos de facturación se usan en pedidos y no se pueden borrar',
  duplicateBilling: DOCUMENT_MESSAGES_ES.duplicate,
  invalidDocument: (type: 'CUIT' | 'CUIL' | 'DNI') => DOCUMENT_MESSAGES_ES[type],

  discountNotBelowPrice: 'El descuento debe ser menor que el precio',
  configSaved: 'Configuración guardada',
  productSaved: 'Producto actualizado',
} as const;
