/**
 * The account's contract (spec §7 "Session and account"): the API validates and serializes with these
 * schemas and the storefront's session code uses the types inferred from them (lib/session/types.ts); the
 * browser does not re-parse them at run time (zod would join the JS of every public page). Bodies are parsed loosely here
 * (types and sizes only) and then checked in the handler with the shared schemas of
 * lib/validation/account.ts, so a bad field answers 400 with its exact Spanish message.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { envelope, errorSchema } from './common';

const str = (max: number) => z.string().max(max);

/** Who an account is, as every answer about one names it (the session, the profile, the staff's customer list). */
export const accountIdentityFields = {
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  lastname: z.string(),
  role: z.string(),
};

const publicUserSchema = z.object(accountIdentityFields);

export const sessionDataSchema = z.object({
  user: publicUserSchema,
  token: z.string(),
  permissions: z.array(z.string()),
});

/** GET auth: the session check (it no longer renews the token: POST auth/refresh does, ADR 0005). */
export const sessionCheckSchema = z.object({
  user: publicUserSchema,
  permissions: z.array(z.string()),
});

/** POST auth/refresh: an empty JSON object (the JSON content type makes browsers preflight it); the token is the cookie. */
export const refreshBody = z.object({}).strict();

export const autoLoginDataSchema = z.object({
  User: z.object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    lastname: z.string(),
    Role: z.object({ name: z.string(), Permissions: z.array(z.object({ name: z.string() })) }),
  }),
  token: z.string(),
  order: z.number().int().nullable(),
});

export const profileDataSchema = z.object({
  ...accountIdentityFields,
  contactNumber: z.string().nullable(),
  permissions: z.array(z.string()),
  isVip: z.boolean(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
});

export const mailPrefsSchema = z.object({ email: z.string(), orderMails: z.boolean(), news: z.boolean() });

/** GET api/auth/providers: is Google sign-in on, and with which client id. */
export const authProvidersSchema = z.object({ google: z.object({ clientId: z.string() }).nullable() });

export const loginBody = z.object({ email: str(320).optional(), password: str(400).optional(), remember: z.boolean().optional() });
export const registerBody = z.object({
  name: str(200).optional(),
  lastname: str(200).optional(),
  email: str(320).optional(),
  password: str(400).optional(),
  confirmPassword: str(400).optional(),
  acceptTerms: z.boolean().optional(),
});
export const tokenBody = z.object({ token: str(200) });
export const forgotBody = z.object({ email: str(320).optional() });
export const tokenQuery = z.object({ token: str(2000).optional() });
export const changePasswordBody = z.object({ token: str(200), newPassword: str(400).optional(), confirmPassword: str(400).optional() });
export const googleBody = z.object({ credential: str(8192), remember: z.boolean().optional() });
export const autoLoginLinkBody = z.object({ userId: z.number().int().positive(), orderId: z.number().int().positive() });
export const profilePatchBody = z.object({
  name: str(200).optional(),
  lastname: str(200).optional(),
  contactNumber: str(100).nullable().optional(),
});
export const passwordBody = z.object({
  currentPassword: str(400).optional(),
  newPassword: str(400).optional(),
  confirmPassword: str(400).optional(),
});
export const mailPrefsBody = z.object({ orderMails: z.boolean().optional(), news: z.boolean().optional() });

export const authErrors = {
  400: errorSchema.describe('Datos inválidos o token invalido'),
  401: errorSchema.describe('Los datos son incorrectos / La sesion ha expirado'),
  403: errorSchema.describe('Email sin verificar / sin permisos'),
  404: errorSchema.describe('No encontrado'),
  409: errorSchema.describe('Ya existe un registro como el que se esta intentando crear'),
  410: errorSchema.describe('El token ha expirado'),
  429: errorSchema.describe('Demasiados intentos'),
  500: errorSchema.describe('Error del servidor'),
} as const;

export { envelope };

/** POST auth/login, auth/verify, auth/changePassword, auth/google, api/user/password */
export type SessionAnswer = z.output<typeof sessionDataSchema>;
/** GET auth (session check). It never renews the token: POST auth/refresh does (ADR 0005). */
export type SessionCheckAnswer = z.output<typeof sessionCheckSchema>;
export type AutoLoginAnswer = z.output<typeof autoLoginDataSchema>;
export type AuthProviders = z.output<typeof authProvidersSchema>;
/** GET/POST api/user/subscriptions */
export type MailPreferences = z.output<typeof mailPrefsSchema>;
/** GET api/user/me */
export type Profile = z.output<typeof profileDataSchema>;
