/**
 * Spanish messages of the checkout and order API (the shared catalogue of spec §8 lives in
 * server/errors.ts; these are the order-specific ones). The storefront shows `message` as it comes.
 */
import { formatCents, type Cents } from '../../lib/money';
import { illegalTransitionMessage, MAX_PAYMENT_NOTE, MAX_STATE_REASON, MAX_UPLOAD_LABEL, ORDER_STATE_LABELS_ES, type OrderState, type ShippingZone } from '../../lib/orders';
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
  budgetExpired: (validUntil: string) =>
    `Este presupuesto venció el ${validUntil} y ya no se puede aceptar: pedí un presupuesto actualizado con los precios de hoy`,
  budgetNotExpired: 'Sólo se puede pedir un presupuesto actualizado cuando el presupuesto venció',
  budgetUpdateRequested: 'Le avisamos a la tienda: te van a mandar un presupuesto actualizado',
  additionsExhausted: 'Este pedido ya no admite más agregados en su estado actual',
  itemNotInOrder: (itemId: number) => `El ítem ${itemId} no pertenece al pedido`,
  bonusTooHigh: 'La bonificación no puede superar el subtotal',
  remitState: 'El remito se carga cuando el pedido fue aceptado',

  // staff moves with a reason, unpaid dispatch, bulk moves (issue 32, item 6)
  reasonRequired: (to: OrderState) =>
    `Escribí el motivo para pasar el pedido a ${ORDER_STATE_LABELS_ES[to]}: el cliente lo va a leer`,
  reasonTooLong: `El motivo puede tener hasta ${MAX_STATE_REASON} caracteres`,
  unpaidDispatch: (number: number) =>
    `El pedido #${number} es un envío y no figura pagado: confirmá que querés despacharlo sin el pago registrado`,
  bulkUnknownOrder: 'No existe un pedido con ese número interno',
  bulkDone: (changed: number, skipped: number) =>
    skipped === 0 ? `Se cambiaron ${changed} pedidos` : `Se cambiaron ${changed} pedidos; ${skipped} no se pudieron cambiar`,

  // payments (issue 32, item 2)
  paymentSaved: 'Pago registrado',
  paymentVoided: 'Pago anulado',
  paymentAmountInvalid: 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50',
  paymentAmountZero: 'El monto del pago debe ser mayor a cero',
  paymentAmountTooLarge: 'El monto es demasiado grande',
  paymentOverBalance: (balanceCents: Cents) => `El monto supera el saldo pendiente del pedido (${formatCents(balanceCents)})`,
  paymentAlreadyPaid: 'El pedido ya figura pagado por completo',
  paymentOrderClosed: (state: OrderState) => `No se puede registrar un pago: el pedido está ${ORDER_STATE_LABELS_ES[state].toLowerCase()}`,
  paymentNoteTooLong: `La nota puede tener hasta ${MAX_PAYMENT_NOTE} caracteres`,
  paymentNotFound: 'No se encontró el pago en este pedido',
  paymentAlreadyVoided: 'Este pago ya estaba anulado',
  voidReasonRequired: 'Escribí por qué se anula el pago',
  voidReasonTooLong: `El motivo puede tener hasta ${MAX_PAYMENT_NOTE} caracteres`,

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
