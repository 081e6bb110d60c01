/**
 * The API's error vocabulary: the Spanish messages of spec §8 in one place, each with its stable code
 * (lib/contracts/errors.ts ERROR_CODES: the compiler checks every key below has one), and `HttpError`, which
 * routes throw and the central error handler (plugins/error-handler.ts) turns into
 * `{ success: false, message, code }`.
 */
import { ACCOUNT_MESSAGES, codeForStatus, ERROR_CODES, errorKeyForStatus, SHARED_MESSAGES, type ApiErrorCode, type ErrorKey } from '../lib/contracts/errors';


export const MESSAGES = {
  /** 400, 401, 403, 429, 500 and the account texts other routes answer too */
  ...SHARED_MESSAGES,
  /** 404 (not in the spec's catalogue; the storefront shows the server's message) */
  notFound: 'No se encontró el recurso',
  productNotFound: 'No se encontró el producto',
  /** 503 while the database is unreachable or the shop is in maintenance */
  unavailable: 'El servicio no está disponible, intenta nuevamente en unos minutos',
  duplicateBillingId: 'Ya tenemos registrado ese CUIT/CUIL/DNI',
  imageSave: 'Error al guardar la imagen',
  /** followed by the limit, e.g. `${MESSAGES.fileTooLarge} 5 MB` */
  fileTooLarge: 'El archivo pesa mas de',
  noFile: 'No seleccionaste un archivo',
  transportDisabled: 'Transporte deshabilitado',
  orderCreateFailed: 'Error al crear orden',
  /** staff product editor (server/routes/staff/products/, server/schemas/staff-products.ts) */
  productPriceInvalid: 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales',
  productDiscountNotBelowPrice: 'El descuento debe ser menor que el precio',
  productQuantityInvalid: 'El mínimo, el máximo y el paso deben ser números enteros (el paso, mayor a 0)',
  productMaxBelowMin: 'El máximo no puede ser menor que el mínimo',
  productStepsDoNotFit: 'Ninguna cantidad múltiplo del paso entra entre el mínimo y el máximo',
  offerNameRequired: 'Cada oferta necesita un nombre (hasta 100 caracteres)',
  offerUnitsInvalid: 'La cantidad mínima de cada oferta debe ser un número entero mayor a 0',
  offerPriceInvalid: 'El precio de cada oferta debe ser un número mayor o igual a 0, con hasta 2 decimales',
  offerDuplicateUnits: 'Hay dos ofertas con la misma cantidad mínima (y el mismo tipo, VIP o general)',
  offerTooMany: 'Un producto puede tener hasta 20 ofertas',
  offersOnVariation: 'Las ofertas y las categorías se cargan en el producto principal, no en sus variantes',
  categoryUnknown: 'Alguna de las categorías elegidas no existe',
  imageType: 'La imagen debe ser JPG, PNG o WEBP',
  imageTooMany: 'Un producto puede tener hasta 12 imágenes',
  imageOrderMismatch: 'El orden enviado no coincide con las imágenes del producto',
  /** creating, duplicating, archiving and deleting products (issue 32, item 1) */
  productNameRequired: 'El producto necesita un nombre (hasta 200 caracteres)',
  productSlugInvalid: 'La dirección del producto sólo puede tener letras minúsculas sin acentos, números y guiones',
  productSlugTaken: 'Ya existe un producto con esa dirección: cambiá el nombre o la dirección',
  productSkuInvalid: 'El SKU sólo puede tener letras, números y guiones (hasta 40)',
  productSkuTaken: 'Ya existe un producto con ese SKU',
  productDescriptionTooLong: 'La descripción puede tener hasta 20.000 caracteres',
  variationNameRequired: 'Cada variante necesita un nombre (hasta 100 caracteres)',
  variationDuplicate: 'Hay dos variantes con el mismo nombre',
  variationTooMany: 'Un producto puede tener hasta 100 variantes',
  variableNameRequired: 'Indicá en qué varía el producto (por ejemplo, Aroma o Color)',
  productDuplicateVariation: 'Se duplica el producto principal, no una de sus variantes',
  productOrdered: 'Este producto ya figura en pedidos: no se puede borrar, sólo archivar',
  categoryNotFound: 'No se encontró la categoría',
  categoryNameRequired: 'La categoría necesita un nombre (hasta 100 caracteres)',
  categorySlugInvalid: 'La dirección de la categoría sólo puede tener letras minúsculas sin acentos, números y guiones',
  categorySlugTaken: 'Ya existe una categoría con esa dirección: cambiá el nombre o la dirección',
  categorySlugReserved: 'Esa dirección la usa la tienda: elegí otra para la categoría',
  categoryNotEmpty: 'La categoría tiene productos: quitáselos antes de borrarla',
  categoryOrderMismatch: 'El orden enviado no coincide con las categorías',
  /** back-in-stock alerts (issue 24 §3): only a product without stock takes one */
  stockAlertInStock: 'Este producto tiene stock: ya lo podés pedir',
} as const satisfies Partial<Record<ErrorKey, string>>;

/**
 * The code of a text of the tables above (MESSAGES, ACCOUNT_MESSAGES): a route throws the table's message and
 * the error carries that entry's code. Messages built at run time (orders-messages.ts) pass their code.
 */
const CODE_BY_MESSAGE = new Map<string, ApiErrorCode>();
for (const table of [ACCOUNT_MESSAGES, MESSAGES] as Partial<Record<ErrorKey, string>>[]) {
  for (const [key, text] of Object.entries(table) as [ErrorKey, string][]) {
    if (key in ERROR_CODES && !CODE_BY_MESSAGE.has(text)) CODE_BY_MESSAGE.set(text, ERROR_CODES[key]);
  }
}

/** The code of an error: the one given, else the table entry of its message, else the status's default. */
function errorCode(statusCode: number, message: string, code?: ApiErrorCode): ApiErrorCode {
  return code ?? CODE_BY_MESSAGE.get(message) ?? codeForStatus(statusCode);
}

/** A 400 for a form field that failed validation: its Spanish message, the table's code when it is a table text. */
export function invalidField(message: string): HttpError {
  return HttpError.badRequest(message, CODE_BY_MESSAGE.get(message) ?? ERROR_CODES.invalidField);
}

export class HttpError extends Error {
  readonly statusCode: number;
  /** the stable machine-readable code sent next to the message (lib/contracts/errors.ts) */
  readonly code: ApiErrorCode;
  /** true: `message` is meant for the client (always for HttpError) */
  readonly expose = true;

  constructor(statusCode: number, message: string, options?: { cause?: unknown; code?: ApiErrorCode }) {
    super(message, options);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = errorCode(statusCode, message, options?.code);
  }

  /** The errors of one status: its default message unless a route gives its own. */
  private static ofStatus(statusCode: number, fallback: string) {
    return (message: string = fallback, code?: ApiErrorCode) => new HttpError(statusCode, message, { code });
  }

  static readonly badRequest = HttpError.ofStatus(400, MESSAGES.badParams);
  static readonly unauthorized = HttpError.ofStatus(401, MESSAGES.sessionExpired);
  static readonly forbidden = HttpError.ofStatus(403, MESSAGES.forbidden);
  static readonly notFound = HttpError.ofStatus(404, MESSAGES.notFound);
  static readonly conflict = HttpError.ofStatus(409, MESSAGES.duplicate);
  static readonly tooManyRequests = HttpError.ofStatus(429, MESSAGES.tooManyRequests);
}

export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}

/**
 * Default client message for a status code (used for errors that are not HttpError): the text of its key
 * in the shared status table. 410 and 413 read as a bad request: their texts need context (which token,
 * which size limit) that such an error does not have.
 */
export function messageForStatus(statusCode: number): string {
  const key = errorKeyForStatus(statusCode);
  return key === 'tokenExpired' || key === 'fileTooLarge' ? MESSAGES.badParams : MESSAGES[key];
}
