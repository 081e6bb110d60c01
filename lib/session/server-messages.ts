/**
 * The Spanish messages the API answers in the account flows (spec §8 catalogue plus the account
 * additions). The API sends these texts; the storefront shows them translated: `serverMessageKey`
 * maps a text back to its key under `account.server.*` in the message files (es = identical texts).
 */
export const ACCOUNT_MESSAGES = {
  wrongCredentials: 'Los datos son incorrectos',
  sessionExpired: 'La sesion ha expirado, inicia sesion nuevamente',
  duplicate: 'Ya existe un registro como el que se esta intentando crear',
  tokenExpired: 'El token ha expirado',
  tokenInvalid: 'Token invalido',
  termsRequired: 'Debe aceptar los terminos y condiciones',
  noAccountForEmail: 'No hay una cuenta registrada con ese email',
  saveFailed: 'Error al guardar los datos',
  saved: 'Datos guardados correctamente',
  accountVerified: 'Se ha verificado la cuenta con exito',
  server: 'Ha ocurrido un error en el servidor',
  badParams: 'Los parametros son incorrectos',
  forbidden: 'No tienes los permisos necesarios',
  tooManyRequests: 'Demasiadas solicitudes, intenta nuevamente en unos minutos',
  mailSend: 'Hubo un error a la hora de enviar el mail',
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

const BY_TEXT = new Map<string, AccountMessageKey>(
  (Object.entries(ACCOUNT_MESSAGES) as [AccountMessageKey, string][]).map(([k, v]) => [v, k]),
);

/** The key of a known server text, or null (then show the text as it came). */
export function serverMessageKey(message: string | null | undefined): AccountMessageKey | null {
  return message ? (BY_TEXT.get(message) ?? null) : null;
}

/**
 * Translates a server message with `t` (next-intl, namespace `account`); unknown texts pass through,
 * a missing one gives `fallback`.
 */
export function translateServerMessage(
  t: (key: `server.${AccountMessageKey}`) => string,
  message: string | null | undefined,
  fallback: string,
): string {
  if (!message) return fallback;
  const key = serverMessageKey(message);
  return key ? t(`server.${key}`) : message;
}
