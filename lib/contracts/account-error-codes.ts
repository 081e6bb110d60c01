/**
 * The codes of the account flows' errors (a subset of lib/contracts/errors.ts ERROR_CODES, which spreads this
 * table): what the storefront's forms need to translate an error, without the rest of the API's table or
 * zod in the browser bundle. Pure data.
 */
export const ACCOUNT_ERROR_CODES = {
  wrongCredentials: 'WRONG_CREDENTIALS',
  sessionExpired: 'SESSION_EXPIRED',
  duplicate: 'DUPLICATE',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenInvalid: 'TOKEN_INVALID',
  termsRequired: 'TERMS_REQUIRED',
  noAccountForEmail: 'NO_ACCOUNT_FOR_EMAIL',
  saveFailed: 'SAVE_FAILED',
  server: 'SERVER_ERROR',
  badParams: 'BAD_PARAMS',
  forbidden: 'FORBIDDEN',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  mailSend: 'MAIL_SEND_FAILED',
  unverified: 'UNVERIFIED',
  unverifiedNoResend: 'UNVERIFIED_NO_RESEND',
  wrongPassword: 'WRONG_PASSWORD',
  googleUnavailable: 'GOOGLE_UNAVAILABLE',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
} as const;
