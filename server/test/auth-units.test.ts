/** Pure pieces of the account feature: secret persistence, counters, mail transport and templates, logging. */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { loadJwtSecret } from '../auth/secret';
import { TokenService, passwordFingerprint } from '../auth/jwt';
import { createMailer, extractLinks } from '../mail/transport';
import { escapeHtml, verificationMail } from '../mail/templates';
import { createTestContext } from './helpers';
import { call } from './auth-fixtures';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'auth-units-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('JWT secret', () => {
  it('is generated once into $DATA_DIR/jwt-secret (0600) and reused after a restart', async () => {
    const dir = path.join(tmp, 'secret');
    const a = await loadJwtSecret({ dataDir: dir });
    const b = await loadJwtSecret({ dataDir: dir });
    assert.deepEqual(a, b);
    assert.ok(a.length >= 43);
    assert.equal(statSync(path.join(dir, 'jwt-secret')).mode & 0o777, 0o600);
    const tokens = new TokenService(a);
    const { token } = await tokens.signSession({ id: 1, role: 'customer', passwordHash: 'h' }, { remember: false });
    assert.equal((await new TokenService(b).verifySession(token))?.userId, 1);
  });

  it('concurrent first starts agree on one secret', async () => {
    const dir = path.join(tmp, 'race');
    const all = await Promise.all(Array.from({ length: 5 }, () => loadJwtSecret({ dataDir: dir })));
    for (const s of all) assert.deepEqual(s, all[0]);
  });

  it('JWT_SECRET wins, and must be long enough', async () => {
    const s = await loadJwtSecret({ secret: 'x'.repeat(40), dataDir: path.join(tmp, 'env') });
    assert.equal(new TextDecoder().decode(s), 'x'.repeat(40));
    await assert.rejects(loadJwtSecret({ secret: 'corta', dataDir: tmp }), /at least 32/);
  });
});

describe('TokenService', () => {
  const svc = new TokenService(new TextEncoder().encode('k'.repeat(48)));
  it('binds the token to the password fingerprint and separates session and unsubscribe audiences', async () => {
    const { token } = await svc.signSession({ id: 7, role: 'admin', passwordHash: 'hash-1' }, { remember: true });
    const c = await svc.verifySession(token);
    assert.equal(c?.userId, 7);
    assert.equal(c?.role, 'admin');
    assert.equal(c?.remember, true);
    assert.equal(c?.pwd, passwordFingerprint('hash-1'));
    assert.notEqual(passwordFingerprint('hash-1'), passwordFingerprint('hash-2'));
    const unsub = await svc.signUnsubscribe(7);
    assert.equal(await svc.verifyUnsubscribe(unsub), 7);
    assert.equal(await svc.verifySession(unsub), null);
    assert.equal(await svc.verifyUnsubscribe(token), null);
    assert.equal(await svc.verifySession('a.b.c'), null);
  });
});

describe('mail', () => {
  it('without SMTP_URL writes an RFC 822 .eml into the outbox and logs only the links', async () => {
    const outboxDir = path.join(tmp, 'outbox');
    const lines: object[] = [];
    const mailer = createMailer({ outboxDir, log: { info: (o) => lines.push(o) } });
    const links = { preferences: 'http://shop.test/suscriptions?token=t', unsubscribe: 'http://shop.test/suscriptions?token=t&unsubscribe=1', oneClick: 'http://api.test/api/user/subscriptions/unsubscribe?token=t' };
    const m = verificationMail({ name: 'Ñandú <b>', url: 'http://shop.test/verify/abc' }, links);
    const sent = await mailer.send({ to: 'ana@example.com', kind: 'verify', ...m });
    assert.equal(mailer.mode, 'outbox');
    const files = readdirSync(outboxDir);
    assert.equal(files.length, 1);
    assert.match(files[0]!, /-verify-[0-9a-f]{8}\.eml$/);
    assert.equal(path.join(outboxDir, files[0]!), sent.file);
    const eml = readFileSync(sent.file!, 'utf8');
    assert.match(eml, /^To: ana@example\.com$/m);
    assert.match(eml, /^Subject: =\?UTF-8\?/m);
    assert.match(eml, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    assert.match(eml, /multipart\/alternative/);
    assert.match(eml, /Content-Type: text\/plain; charset=utf-8/);
    assert.match(eml, /Content-Type: text\/html; charset=utf-8/);
    assert.match(m.html, /Ñandú &lt;b&gt;/, 'names are escaped in the HTML part');
    assert.deepEqual((lines[0] as { links: string[] }).links, [
      'http://shop.test/verify/abc',
      'http://shop.test/suscriptions?token=t',
      'http://shop.test/suscriptions?token=t&unsubscribe=1',
    ]);
  });

  it('helpers', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    assert.deepEqual(extractLinks('see https://a.b/c?d=1, and http://x.y/z.'), ['https://a.b/c?d=1', 'http://x.y/z']);
  });
});

describe('logging', () => {
  it('passwords and tokens never reach the log', async () => {
    let out = '';
    const stream = new Writable({
      write(chunk, _enc, cb) {
        out += chunk.toString();
        cb();
      },
    });
    const ctx = await createTestContext('pglite', { logger: { level: 'trace', stream } });
    try {
      const secret = 'super-secreta-que-no-se-loguea';
      await call(ctx.app, 'POST', '/auth/register', {
        body: { name: 'Log', lastname: 'Test', email: 'log@example.com', password: secret, confirmPassword: secret, acceptTerms: true },
      });
      await call(ctx.app, 'POST', '/auth/login', { body: { email: 'log@example.com', password: secret } });
      const login = await call(ctx.app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' } });
      await call(ctx.app, 'GET', '/auth', { token: login.body.data.token });
      assert.ok(out.length > 0, 'something was logged');
      assert.ok(!out.includes(secret));
      assert.ok(!out.includes('tienda-demo'));
      assert.ok(!out.includes(login.body.data.token));
      assert.ok(!out.includes('$argon2'));
    } finally {
      await ctx.dispose();
    }
  });
});
