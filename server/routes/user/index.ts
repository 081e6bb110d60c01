/**
 * The logged-in customer's own account (registered under /api):
 * GET /api/user/me, PATCH /api/user/me { name?, lastname?, contactNumber? },
 * POST /api/user/password { currentPassword, newPassword, confirmPassword } → a new session token;
 * and the mail preferences reached from the signed link of every mail (no login):
 * GET/POST /api/user/subscriptions?token=…, POST /api/user/subscriptions/unsubscribe?token=… (RFC 8058).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { changePasswordSchema, firstIssueMessage, profileSchema } from '../../../lib/validation/account';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { HttpError, invalidField } from '../../errors';
import { hashPassword, verifyPassword } from '../../auth/password';
import { authErrors, mailPrefsBody, mailPrefsSchema, passwordBody, profileDataSchema, profilePatchBody, sessionDataSchema, tokenQuery } from '../../../lib/contracts/account';
import { messageOnly } from '../../../lib/contracts/common';
import { findUserById, updateMailPreferences, updateProfile, type UserRow } from '../../auth/users';
import { bearerSecurity, noStore } from '../personal';
import { routeDocs } from '../route-schema';

function check<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw invalidField(firstIssueMessage(r.error));
  return r.data;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cuenta'];
  const doc = routeDocs({ tags, security: bearerSecurity, errors: authErrors });
  /** the mail preferences' routes: the signed link stands for the session */
  const linkDoc = routeDocs({ tags, errors: authErrors });
  noStore(app);

  const profileOf = async (row: UserRow) => {
    const u = await app.auth.toAuthUser(row);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      lastname: row.lastname,
      contactNumber: row.contactNumber,
      role: row.role,
      permissions: u.permissions,
      isVip: u.isVip,
      emailVerified: row.emailVerifiedAt !== null,
      hasPassword: row.passwordHash !== null,
      googleLinked: row.googleSub !== null,
    };
  };

  const me = async (id: number) => {
    const row = await findUserById(app.db, id);
    if (!row) throw HttpError.unauthorized();
    return row;
  };

  app.get(
    '/user/me',
    {
      preHandler: app.authenticate,
      schema: doc('Mis datos', { data: profileDataSchema }),
    },
    async (req) => ({ success: true as const, data: await profileOf(await me(req.user!.id)) }),
  );

  app.patch(
    '/user/me',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc('Editar mis datos (número de contacto, nombre, apellido)', { body: profilePatchBody, data: profileDataSchema }),
    },
    async (req) => {
      const v = check(profileSchema(), req.body);
      await updateProfile(app.db, req.user!.id, {
        name: v.name,
        lastname: v.lastname,
        contactNumber: v.contactNumber === undefined ? undefined : v.contactNumber || null,
      });
      return { success: true as const, message: M.saved, data: await profileOf(await me(req.user!.id)) };
    },
  );

  app.post(
    '/user/password',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc('Cambiar mi contraseña: devuelve un token nuevo (las otras sesiones se cierran)', { body: passwordBody, data: sessionDataSchema }),
    },
    async (req, reply) => {
      const v = check(changePasswordSchema(), req.body);
      const key = `password:${req.user!.id}`;
      const wait = await app.auth.throttle.passwordFailures.retryAfter(key);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw HttpError.tooManyRequests(M.tooManyAttempts);
      }
      const row = await me(req.user!.id);
      // Accounts created with Google have no password yet: they may set one without a current password.
      if (row.passwordHash !== null && !(await verifyPassword(row.passwordHash, v.currentPassword))) {
        await app.auth.throttle.passwordFailures.hit(key);
        throw HttpError.badRequest(M.wrongPassword);
      }
      await app.auth.throttle.passwordFailures.reset(key);
      await app.auth.setPassword(row.id, await hashPassword(v.newPassword));
      const updated = await me(row.id);
      return {
        success: true as const,
        message: M.passwordChanged,
        data: await app.auth.session(updated, req.session?.remember ?? false, reply),
      };
    },
  );

  /* -------------------------------------------------- mail preferences */

  const userOfLink = async (token: string | undefined): Promise<UserRow> => {
    const userId = token ? await app.auth.tokens.verifyUnsubscribe(token) : null;
    const row = userId ? await findUserById(app.db, userId) : null;
    if (!row) throw HttpError.badRequest(M.tokenInvalid);
    return row;
  };
  const prefsOf = (row: UserRow) => ({ email: row.email, orderMails: row.mailOrderUpdates, news: row.mailNewsletter });

  app.get(
    '/user/subscriptions',
    {
      schema: linkDoc('Preferencias de email (enlace firmado de los emails, sin sesión)', { querystring: tokenQuery, data: mailPrefsSchema }),
    },
    async (req) => ({ success: true as const, data: prefsOf(await userOfLink(req.query.token)) }),
  );

  app.post(
    '/user/subscriptions',
    {
      config: { invalidates: [] },
      schema: linkDoc('Cambiar las preferencias de email (enlace firmado de los emails, sin sesión)', { querystring: tokenQuery, body: mailPrefsBody, data: mailPrefsSchema }),
    },
    async (req) => {
      const row = await userOfLink(req.query.token);
      await updateMailPreferences(app.db, row.id, req.body);
      return { success: true as const, message: M.unsubscribed, data: prefsOf((await findUserById(app.db, row.id))!) };
    },
  );

  // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" as a form; accept any body here.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body));
    scope.post(
      '/user/subscriptions/unsubscribe',
      {
        config: { invalidates: [] },
        schema: linkDoc('Baja con un clic (RFC 8058): desactiva todos los emails de novedades y de pedidos', { querystring: tokenQuery, reply: messageOnly }),
      },
      async (req) => {
        const row = await userOfLink((req.query as { token?: string }).token);
        await updateMailPreferences(app.db, row.id, { orderMails: false, news: false });
        return { success: true as const, message: M.unsubscribed };
      },
    );
  });
};

export default routes;
