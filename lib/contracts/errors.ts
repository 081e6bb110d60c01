/**
 * THE error envelope of the API, `{ success: false, message, code }`: the Spanish `message` is for people,
 * the `code` is for programs. The storefront maps errors by `code` (never by the text); the API fills it from
 * the one table below (server/errors.ts: each MESSAGES key has its code, checked by the compiler).
 * Codes are stable: rename a message key if you like, never a code a client may already compare.
 * Pure zod: no server-only or browser-only import.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { ACCOUNT_ERROR_CODES } from './account-error-codes';

/**
 * The account texts that every route may answer too (the status errors, a save's outcome): server/errors.ts
 * MESSAGES starts from them, so a text has one code whichever table a route throws it from.
 */
export const SHARED_MESSAGES = {
  /** 400: validation of params, query or body failed */
  badParams: 'Los parametros son incorrectos',
  /** 401 */
  sessionExpired: 'La sesion ha expirado, inicia sesion nuevamente',
  /** 403 */
  forbidden: 'No tienes los permisos necesarios',
  /** 429 (not in the spec's catalogue) */
  tooManyRequests: 'Demasiadas solicitudes, intenta nuevamente en unos minutos',
  /** 500 */
  server: 'Ha ocurrido un error en el servidor',
  wrongCredentials: 'Los datos son incorrectos',
  duplicate: 'Ya existe un registro como el que se esta intentando crear',
  mailSend: 'Hubo un error a la hora de enviar el mail',
  tokenExpired: 'El token ha expirado',
  tokenInvalid: 'Token invalido',
  termsRequired: 'Debe aceptar los terminos y condiciones',
  noAccountForEmail: 'No hay una cuenta registrada con ese email',
  saveFailed: 'Error al guardar los datos',
  saved: 'Datos guardados correctamente',
  accountVerified: 'Se ha verificado la cuenta con exito',
} as const;

/**
 * The texts of the account flows (sign-in, registration, tokens, profile): errors and confirmations. The
 * storefront shows them translated, under `account.server.<key>` in the message files (es = these texts);
 * errors are found by their `code`, confirmations by the action that succeeded.
 */
export const ACCOUNT_MESSAGES = {
  ...SHARED_MESSAGES,
  unverified: 'Tenés que verificar tu email antes de ingresar. Te reenviamos el enlace.',
  unverifiedNoResend: 'Tenés que verificar tu email antes de ingresar. Revisá el enlace que te enviamos.',
  loginOk: 'Ingresaste correctamente',
  registered: 'Te registraste correctamente. Te enviamos un email para confirmar tu cuenta.',
  forgotSent: 'Te enviamos un email con un enlace para cambiar tu contraseña',
  passwordChanged: 'Cambiaste tu contraseña correctamente',
  autoLoginOk: 'Ingresaste correctamente. Te mostramos tu pedido.',
  wrongPassword: 'La contraseña actual no es correcta',
  googleUnavailable: 'El ingreso con Google no está disponible',
  sessionOk: 'Sesión válida',
  unsubscribed: 'Preferencias actualizadas',
  tooManyAttempts: 'Demasiados intentos fallidos. Esperá unos minutos e intentá de nuevo.',
  tokenValid: 'El enlace es válido',
  verificationResent: 'Si hay una cuenta sin verificar con ese email, te enviamos el correo de nuevo. Revisá tu bandeja de entrada.',
  autoLoginLinkSent: 'Le enviamos al cliente el enlace de ingreso a su pedido',
  loggedOut: 'Cerraste sesion correctamente',
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

/** Message key → stable code. Keys are those of server/errors.ts MESSAGES, ACCOUNT_MESSAGES and the order messages. */
export const ERROR_CODES = {
  // the account flows' errors (also what the storefront translates): wrongCredentials, sessionExpired, …
  ...ACCOUNT_ERROR_CODES,
  // the catalogue of spec §8 and the status defaults
  notFound: 'NOT_FOUND',
  productNotFound: 'PRODUCT_NOT_FOUND',
  unavailable: 'UNAVAILABLE',
  duplicateBillingId: 'DUPLICATE_BILLING_ID',
  imageSave: 'IMAGE_SAVE_FAILED',
  fileTooLarge: 'FILE_TOO_LARGE',
  noFile: 'NO_FILE',
  saved: 'SAVED',
  accountVerified: 'ACCOUNT_VERIFIED',
  transportDisabled: 'TRANSPORT_DISABLED',
  orderCreateFailed: 'ORDER_CREATE_FAILED',
  // the account flows
  /** a form field failed validation: the message names the field's problem (lib/validation) */
  invalidField: 'INVALID_FIELD',
  // staff product editor
  productPriceInvalid: 'PRODUCT_PRICE_INVALID',
  productDiscountNotBelowPrice: 'PRODUCT_DISCOUNT_NOT_BELOW_PRICE',
  productQuantityInvalid: 'PRODUCT_QUANTITY_INVALID',
  productMaxBelowMin: 'PRODUCT_MAX_BELOW_MIN',
  productStepsDoNotFit: 'PRODUCT_STEPS_DO_NOT_FIT',
  offerNameRequired: 'OFFER_NAME_REQUIRED',
  offerUnitsInvalid: 'OFFER_UNITS_INVALID',
  offerPriceInvalid: 'OFFER_PRICE_INVALID',
  offerDuplicateUnits: 'OFFER_DUPLICATE_UNITS',
  offerTooMany: 'OFFER_TOO_MANY',
  offersOnVariation: 'OFFERS_ON_VARIATION',
  categoryUnknown: 'CATEGORY_UNKNOWN',
  imageType: 'IMAGE_TYPE',
  imageTooMany: 'IMAGE_TOO_MANY',
  imageOrderMismatch: 'IMAGE_ORDER_MISMATCH',
  productNameRequired: 'PRODUCT_NAME_REQUIRED',
  productSlugInvalid: 'PRODUCT_SLUG_INVALID',
  productSlugTaken: 'PRODUCT_SLUG_TAKEN',
  productSkuInvalid: 'PRODUCT_SKU_INVALID',
  productSkuTaken: 'PRODUCT_SKU_TAKEN',
  productDescriptionTooLong: 'PRODUCT_DESCRIPTION_TOO_LONG',
  variationNameRequired: 'VARIATION_NAME_REQUIRED',
  variationDuplicate: 'VARIATION_DUPLICATE',
  variationTooMany: 'VARIATION_TOO_MANY',
  variableNameRequired: 'VARIABLE_NAME_REQUIRED',
  productDuplicateVariation: 'PRODUCT_DUPLICATE_VARIATION',
  productOrdered: 'PRODUCT_ORDERED',
  categoryNotFound: 'CATEGORY_NOT_FOUND',
  categoryNameRequired: 'CATEGORY_NAME_REQUIRED',
  categorySlugInvalid: 'CATEGORY_SLUG_INVALID',
  categorySlugTaken: 'CATEGORY_SLUG_TAKEN',
  categorySlugReserved: 'CATEGORY_SLUG_RESERVED',
  categoryNotEmpty: 'CATEGORY_NOT_EMPTY',
  categoryOrderMismatch: 'CATEGORY_ORDER_MISMATCH',
  // back-in-stock alerts
  stockAlertInStock: 'STOCK_ALERT_IN_STOCK',
  // checkout and orders (server/services/orders-messages.ts)
  productUnavailable: 'PRODUCT_UNAVAILABLE',
  productNoStock: 'PRODUCT_NO_STOCK',
  productIsVariable: 'PRODUCT_IS_VARIABLE',
  quantityInvalid: 'QUANTITY_INVALID',
  belowMinimum: 'BELOW_MINIMUM',
  otherTransportRequired: 'OTHER_TRANSPORT_REQUIRED',
  addressRequired: 'ADDRESS_REQUIRED',
  idempotencyKeyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  illegalTransition: 'ILLEGAL_TRANSITION',
  /** the budget's validity passed: it cannot be accepted (issue 24 §1) */
  budgetExpired: 'BUDGET_EXPIRED',
  /** an updated budget is asked for only once the budget expired */
  budgetNotExpired: 'BUDGET_NOT_EXPIRED',
  additionsExhausted: 'ADDITIONS_EXHAUSTED',
  itemNotInOrder: 'ITEM_NOT_IN_ORDER',
  bonusTooHigh: 'BONUS_TOO_HIGH',
  remitState: 'REMIT_STATE',
  proofType: 'PROOF_TYPE',
  pdfOnly: 'PDF_ONLY',
  proofState: 'PROOF_STATE',
  billingInUse: 'BILLING_IN_USE',
  invalidDocument: 'INVALID_DOCUMENT',
} as const;

export type ErrorKey = keyof typeof ERROR_CODES;
export type ApiErrorCode = (typeof ERROR_CODES)[ErrorKey];

const ALL_CODES = Object.values(ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]];

const apiErrorCodeSchema = z.enum(ALL_CODES).describe('Código estable del error, para programas (el mensaje es para personas)');

/** Error envelope of every non-2xx answer of the API. */
export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string().describe('Mensaje en castellano para mostrar'),
  code: apiErrorCodeSchema,
});

/** The error of a status when nothing more precise is known (errors that are not the API's own). */
const STATUS_ERRORS = {
  401: 'sessionExpired',
  403: 'forbidden',
  404: 'notFound',
  409: 'duplicate',
  410: 'tokenExpired',
  413: 'fileTooLarge',
  429: 'tooManyRequests',
  503: 'unavailable',
} as const satisfies Record<number, ErrorKey>;

type StatusErrorKey = (typeof STATUS_ERRORS)[keyof typeof STATUS_ERRORS] | 'badParams' | 'server';

/** The message key of a status: its own, else the generic 4xx or 5xx one. */
export function errorKeyForStatus(status: number): StatusErrorKey {
  if (status in STATUS_ERRORS) return STATUS_ERRORS[status as keyof typeof STATUS_ERRORS];
  return status >= 400 && status < 500 ? 'badParams' : 'server';
}

/** Code of a status when nothing more precise is known (errors that are not the API's own). */
export function codeForStatus(status: number): ApiErrorCode {
  return ERROR_CODES[errorKeyForStatus(status)];
}

const KEY_BY_CODE = new Map<string, ErrorKey>((Object.entries(ERROR_CODES) as [ErrorKey, ApiErrorCode][]).map(([k, c]) => [c, k]));

/** The message key of a code the API sent, or null for a missing or unknown one. */
export function errorKeyOf(code: string | null | undefined): ErrorKey | null {
  return code ? (KEY_BY_CODE.get(code) ?? null) : null;
}
