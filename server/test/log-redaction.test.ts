/**
 * Issue 19 item 10: what the API logs never carries a live secret. A reset link's token travels in the query
 * of GET /auth/canChangePassword and an unsubscribe token in /api/user/subscriptions; the request log line
 * keeps the path and the parameter names, with the values replaced.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { redactUrl } from '../auth/plugin';
import { call, mailsTo, memoryMailer, registerVerified, tokenFromMail } from './auth-fixtures';
import { createTestContext } from './helpers';

describe('registro del API: sin tokens en las URLs registradas', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const mailer = memoryMailer();
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  before(async () => {
    ctx = await createTestContext('pglite', { logger: { level: 'info', stream }, auth: { mailer } });
  });
  after(() => ctx.dispose());

  it('un enlace de cambio de contraseña consultado por GET no queda en el registro', async () => {
    const { email } = await registerVerified(ctx.app, mailer);
    assert.equal((await call(ctx.app, 'POST', '/auth/forgot', { body: { email } })).status, 200);
    const token = tokenFromMail(mailsTo(mailer, email, 'reset').at(-1), 'reset');
    const unsubscribe = tokenFromMail(mailsTo(mailer, email, 'reset').at(-1), 'subscriptions');
    lines.length = 0;
    assert.equal((await call(ctx.app, 'GET', `/auth/canChangePassword?token=${token}`)).status, 200);
    assert.equal((await call(ctx.app, 'GET', `/api/user/subscriptions?token=${encodeURIComponent(unsubscribe)}&x=1`)).status, 200);
    const log = lines.join('\n');
    assert.ok(log.includes('/auth/canChangePassword?token=[oculto]'), 'the request is still logged, without its token');
    assert.ok(log.includes('/api/user/subscriptions?token=[oculto]&x=1'));
    assert.ok(!log.includes(token), 'the reset token is not in the log');
    assert.ok(!log.includes(encodeURIComponent(unsubscribe)) && !log.includes(unsubscribe), 'the unsubscribe token is not in the log');
    // the link still works: redaction touches the log only
    const reset = await call(ctx.app, 'POST', '/auth/changePassword', { body: { token, newPassword: 'clave-nueva-1', confirmPassword: 'clave-nueva-1' } });
    assert.equal(reset.status, 200, reset.raw);
  });

  it('redactUrl: sólo los valores de parámetros secretos, el resto igual', () => {
    assert.equal(redactUrl('/a?token=abc&page=2'), '/a?token=[oculto]&page=2');
    assert.equal(redactUrl('/a?Token=abc&resetToken=x&credential=y&q=token'), '/a?Token=[oculto]&resetToken=[oculto]&credential=[oculto]&q=token');
    assert.equal(redactUrl('/a?%74oken=abc'), '/a?%74oken=[oculto]');
    assert.equal(redactUrl('/a?%zz=1&token'), '/a?%zz=1&token');
    assert.equal(redactUrl('/sin/consulta'), '/sin/consulta');
  });
});
