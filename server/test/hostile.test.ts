/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON read loosely */
/**
 * Hostile clients: tampered session tokens, login brute force and the global rate limit, oversized and
 * malformed bodies and URLs, upload abuse on the proof and bill uploads (content behind a lying name or
 * content type, oversized files, path-traversal names) and prototype-pollution keys in JSON, query and
 * multipart fields. Every refusal is the `{ success: false, message }` envelope in Spanish.
 */
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { and, count, eq, inArray } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { ISSUER, passwordFingerprint, SESSION_AUDIENCE } from '../auth/jwt';
import { orderDocuments, orders, permissions, rolePermissions, roles, users } from '../db/schema';
import { MESSAGES } from '../errors';
import { ORDER_MESSAGES } from '../services/orders-messages';
import { isValidKey } from '../storage';
import { createTestContext, describeEachDb, type TestContext } from './helpers';
import { mailsTo, memoryMailer, TEST_JWT_SECRET, tokenFromMail } from './auth-fixtures';
import { api, multipart, PASSWORD, PDF, PNG } from './orders-fixtures';
import { buildWorld, errorEnvelopeProblem, tablesFingerprint, changedTables, type World } from './hostile-fixtures';

const secret = new TextEncoder().encode(TEST_JWT_SECRET);
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Every file under a directory (relative paths). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const f = path.join(d, n);
      if (statSync(f).isDirectory()) walk(f);
      else out.push(path.relative(dir, f));
    }
  };
  walk(dir);
  return out;
}

function assertRefusal(res: { status: number; raw: string; headers: Record<string, unknown> }, status: number, message?: string) {
  assert.equal(res.status, status, res.raw);
  const problem = errorEnvelopeProblem({ statusCode: res.status, headers: res.headers, body: res.raw });
  assert.equal(problem, null, `${problem}: ${res.raw}`);
  if (message) assert.equal(JSON.parse(res.raw).message, message);
}

const mailer = memoryMailer();

describeEachDb(
  'entradas hostiles',
  (ctx: () => TestContext) => {
    let w: World;
    let aRow: { id: number; passwordHash: string | null };
    before(async () => {
      w = await buildWorld(ctx().app, ctx().db.db);
      [aRow] = (await ctx().db.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.id, w.ids.A!))) as any;
    });

    /** A session token signed with the right secret and any claims (to tell "bad claims" from "bad signature"). */
    const forge = (claims: Record<string, unknown>, opts: { key?: Uint8Array; alg?: string; exp?: number; aud?: string; sub?: string } = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ role: 'customer', pwd: passwordFingerprint(aRow.passwordHash), rem: false, ...claims })
        .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
        .setSubject(opts.sub ?? String(aRow.id))
        .setIssuer(ISSUER)
        .setAudience(opts.aud ?? SESSION_AUDIENCE)
        .setIssuedAt(now - 60)
        .setExpirationTime(opts.exp ?? now + 3600)
        .sign(opts.key ?? secret);
    };

    describe('tokens de sesión adulterados', () => {
      it('un token bien firmado pasa (control), con los datos y el rol de la base', async () => {
        const me = await api(ctx().app, 'GET', '/api/user/me', { token: await forge({}) });
        assert.equal(me.status, 200, me.raw);
        assert.equal(me.body.data.id, w.ids.A);
        // a role claim never grants anything: roles come from the database
        const escalated = await forge({ role: 'superadmin' });
        assertRefusal(await api(ctx().app, 'GET', '/api/staff/orders', { token: escalated }), 403, MESSAGES.forbidden);
        assertRefusal(await api(ctx().app, 'POST', '/api/auth/autoLoginLink', { token: escalated, body: { userId: w.ids.B, orderId: w.a.orderId } }), 403);
      });

      it('alg none, otra clave, vencido, firma de otro token con otro sub, audiencia ajena, HS512: 401', async () => {
        const { app } = ctx();
        const real = w.tokens.A!;
        const [h, p] = real.split('.');
        const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
        const now = Math.floor(Date.now() / 1000);
        const tampered: Record<string, string> = {
          'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
          'alg none, sub del personal': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...payload, sub: String(w.ids.staff), role: 'superadmin' })}.`,
          'alg None con firma': `${b64({ alg: 'None', typ: 'JWT' })}.${p}.${real.split('.')[2]}`,
          'otra clave': await forge({}, { key: new TextEncoder().encode('otra-clave-que-no-es-la-del-servidor-0123456789') }),
          vencido: await forge({}, { exp: now - 10 }),
          'firma de A con sub de B': `${h}.${b64({ ...payload, sub: String(w.ids.B) })}.${real.split('.')[2]}`,
          'firma de A con sub del personal': `${h}.${b64({ ...payload, sub: String(w.ids.staff) })}.${real.split('.')[2]}`,
          'firma de A con exp extendido': `${h}.${b64({ ...payload, exp: payload.exp + 86400 * 365 })}.${real.split('.')[2]}`,
          'token de baja de mails': w.unsubscribeToken,
          'audiencia ajena': await forge({}, { aud: 'unsubscribe' }),
          HS512: await forge({}, { alg: 'HS512' }),
          'contraseña anterior': await forge({ pwd: 'huella-vieja' }),
          'usuario inexistente': await forge({}, { sub: '987654321' }),
          'sub cero': await forge({}, { sub: '0' }),
          'sub negativo': await forge({}, { sub: '-1' }),
          'sub no numérico': await forge({}, { sub: 'admin' }),
          'sub enorme': await forge({}, { sub: '99999999999999999999999' }),
          'sin firma': `${h}.${p}`,
          'firma vacía': `${h}.${p}.`,
          basura: 'a.b.c',
          'base64 inválido': `${h}.@@@@.${real.split('.')[2]}`,
          largo: 'x'.repeat(8000),
        };
        for (const [name, token] of Object.entries(tampered)) {
          for (const url of ['/api/user/me', '/api/staff/orders', `/api/order/${w.a.orderId}`]) {
            const res = await api(app, 'GET', url, { token });
            assert.equal(res.status, 401, `${name} en ${url}: ${res.raw}`);
            assert.deepEqual(res.body, { success: false, message: MESSAGES.sessionExpired, code: 'SESSION_EXPIRED' }, name);
          }
        }
        assert.ok(Object.keys(tampered).length >= 20);
      });

      it('un empleado de pedidos no puede crear un enlace de ingreso para una cuenta del personal', async () => {
        const { app, db } = ctx();
        // a superadmin who placed an order (POST /api/order is open to every session)
        const [order] = await db.db.insert(orders).values({ userId: w.ids.staff! }).returning({ id: orders.id });
        const link = await api(app, 'POST', '/api/auth/autoLoginLink', { token: w.tokens.oe, body: { userId: w.ids.staff, orderId: order!.id } });
        assertRefusal(link, 404);
        // the same role may still create one for a customer's order
        const ok = await api(app, 'POST', '/api/auth/autoLoginLink', { token: w.tokens.oe, body: { userId: w.ids.A, orderId: w.a.orderId } });
        assert.equal(ok.status, 202, ok.raw);
        assert.doesNotMatch(ok.raw, /token=/, 'the link is mailed to the customer, never answered');
        const token = tokenFromMail(mailsTo(mailer, w.emails.A, 'autologin').at(-1), 'autologin');
        const session = await api(app, 'POST', '/auth/autoLogin', { body: { token } });
        assert.equal(session.status, 200);
        assert.equal(session.body.data.User.id, w.ids.A);
        assert.equal(session.body.data.User.Role.name, 'customer');
      });

      it('issue 19 item 8: un rol de cliente con products:write no usa rutas del personal', async () => {
        const { app, db } = ctx();
        const [role] = await db.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'customer'));
        const perms = await db.db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.name, ['products:write', 'orders:read', 'config:write']));
        await db.db.insert(rolePermissions).values(perms.map((p) => ({ roleId: role!.id, permissionId: p.id })));
        app.auth.permissions.clear();
        try {
          const me = await api(app, 'GET', '/auth', { token: w.tokens.A });
          assert.ok(me.body.data.permissions.includes('products:write'), 'the customer role really holds the permission');
          const edit = await api(app, 'PATCH', `/api/staff/products/${w.victim.productId}`, { token: w.tokens.A, body: { state: 'hidden' } });
          assertRefusal(edit, 403, MESSAGES.forbidden);
          assertRefusal(await api(app, 'GET', '/api/staff/orders', { token: w.tokens.A }), 403, MESSAGES.forbidden);
          assertRefusal(await api(app, 'PATCH', '/api/staff/config', { token: w.tokens.A, body: { maintaince: true } }), 403, MESSAGES.forbidden);
        } finally {
          await db.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, role!.id), inArray(rolePermissions.permissionId, perms.map((p) => p.id))));
          app.auth.permissions.clear();
        }
      });

      it('cabeceras Authorization malformadas: 401, nunca 500', async () => {
        const { app } = ctx();
        const real = w.tokens.A!;
        const headers = [
          'Bearer',
          'Bearer ',
          `Basic ${Buffer.from('cliente@example.com:tienda-demo').toString('base64')}`,
          `Bearer ${real} extra`,
          `Bearer ${real}\u00e9`,
          `Token ${real}`,
          `Bearer  ${real}x`,
          `Bearer ${'ñ'.repeat(100)}`,
          `Bearer ${'a.'.repeat(3000)}`,
        ];
        for (const authorization of headers) {
          const res = await app.inject({ url: '/api/user/me', headers: { authorization } });
          assert.equal(res.statusCode, 401, `${authorization.slice(0, 40)}: ${res.body}`);
          assert.equal(res.json().message, MESSAGES.sessionExpired);
        }
      });
    });

    describe('cuerpos y URLs', () => {
      it('cuerpos de más de 1 MB: 413 con el sobre en castellano, sin stack, sin escribir', async () => {
        const { app, db } = ctx();
        const before = await tablesFingerprint(db.db);
        const huge = JSON.stringify({ text: 'a'.repeat(1_100_000) });
        for (const [method, url, token] of [
          ['POST', '/auth/login', null],
          ['POST', '/auth/register', null],
          ['POST', '/api/address', w.tokens.A],
          ['POST', `/api/order/${w.a.orderId}/messages`, w.tokens.A],
          ['POST', `/api/order/${w.a.orderId}/add`, w.tokens.A],
          ['PATCH', '/api/user/me', w.tokens.A],
          ['POST', `/api/staff/orders/${w.a.orderId}/remit`, w.tokens.staff],
        ] as const) {
          const res = await api(app, method, url, { token, payload: huge, headers: { 'content-type': 'application/json' } });
          assertRefusal(res, 413);
          assert.doesNotMatch(res.raw, /FST_|at .+\.js|Error/, url);
        }
        assert.deepEqual(changedTables(before, await tablesFingerprint(db.db)), []);
      });

      it('JSON roto, anidado sin fin o con otro content-type: 400 / 415 en castellano', async () => {
        const { app } = ctx();
        const cases: [string, string, number][] = [
          ['{', 'application/json', 400],
          ['{"email":"a@b.c",}', 'application/json', 400],
          [`${'['.repeat(200_000)}${']'.repeat(200_000)}`, 'application/json', 400],
          [`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, 'application/json', 400],
          ['email=a&password=b', 'application/x-www-form-urlencoded', 415],
          ['<xml/>', 'application/xml', 415],
          // text/plain is parsed as a string: the schema refuses it
          ['{"email":"a@b.c"}', 'text/plain', 400],
        ];
        for (const [payload, type, status] of cases) {
          const res = await api(app, 'POST', '/auth/login', { payload, headers: { 'content-type': type } });
          assertRefusal(res, status);
        }
      });

      it('URLs con %-escapes rotos o parámetros larguísimos: el sobre en castellano, sin repetir la URL', async () => {
        const { app } = ctx();
        for (const [url, status] of [
          ['/api/product/%E0%A4%A', 400],
          ['/api/product/%', 400],
          [`/api/order/${'1'.repeat(400)}/messages`, 414],
          [`/api/product/slug/${'<script>'.repeat(60)}`, 414],
        ] as const) {
          const res = await api(app, 'GET', url, { token: w.tokens.A });
          assertRefusal(res, status, MESSAGES.badParams);
          assert.doesNotMatch(res.raw, /script|%E0|1111/);
        }
      });

      it('fechas que Date.parse acepta pero no son fechas (found by the fuzzer): 400, no 500', async () => {
        const { app } = ctx();
        for (const from of ['\r\nSet-Cookie: x=1', 'Set-Cookie: x=1', 'x=1', '2026-13-45', '2026-02-30']) {
          for (const token of [w.tokens.staff, w.tokens.A, null]) {
            const res = await api(app, 'GET', `/api/staff/orders?from=${encodeURIComponent(from)}`, { token });
            assertRefusal(res, 400, MESSAGES.badParams);
          }
        }
      });
    });

    describe('subidas de archivos', () => {
      const proof = (orderId: number, token: string | null, file: { filename: string; content: Buffer; type?: string }, extra: { name: string; value: string }[] = []) =>
        api(ctx().app, 'POST', `/api/order/${orderId}/proof`, { token, ...multipart([...extra, { name: 'file', ...file }]) });
      const bill = (token: string | null, parts: Parameters<typeof multipart>[0]) =>
        api(ctx().app, 'POST', `/api/staff/orders/${w.a.orderId}/documents`, { token, ...multipart(parts) });
      const docCount = async () => Number((await ctx().db.db.select({ n: count() }).from(orderDocuments))[0]!.n);

      it('nombres con ../ nunca salen del almacén privado; el nombre mostrado queda limpio', async () => {
        const { app, dataDir } = ctx();
        for (const filename of ['../../etc/passwd.pdf', '..\\..\\..\\windows\\win.ini.pdf', '/etc/passwd.pdf', '....//....//evil.pdf', '%2e%2e%2fevil.pdf']) {
          const res = await proof(w.a.orderId, w.tokens.A, { filename, content: PDF, type: 'application/pdf' });
          assert.equal(res.status, 201, `${filename}: ${res.raw}`);
          assert.doesNotMatch(res.body.data.fileName, /[\\/]|\.\./, filename);
          const [row] = await ctx().db.db.select({ key: orderDocuments.fileUrl }).from(orderDocuments).where(eq(orderDocuments.id, res.body.data.id));
          assert.ok(isValidKey(row!.key!), row!.key!);
          assert.match(row!.key!, new RegExp(`^orders/${w.a.orderId}/[0-9a-f-]{36}\\.pdf$`));
          const file = await api(app, 'GET', res.body.data.fileUrl, { token: w.tokens.A });
          assert.equal(file.status, 200);
          assert.deepEqual(file.rawPayload, PDF);
        }
        // nothing named after the client's file appeared in the data dir or where the names point to
        assert.deepEqual(filesUnder(dataDir).filter((f) => /passwd|win\.ini|evil/.test(f)), []);
        for (const f of filesUnder(path.join(dataDir, 'private'))) assert.ok(isValidKey(f), f);
        const orderDir = path.join(dataDir, 'private', 'orders', String(w.a.orderId));
        for (const escaped of ['../../etc/passwd.pdf', '../../../etc/passwd.pdf', '../evil.pdf']) {
          assert.equal(existsSync(path.resolve(orderDir, escaped)), false, escaped);
        }
      });

      it('cabeceras inyectadas en el nombre no llegan a la descarga', async () => {
        const { app } = ctx();
        const res = await proof(w.a.orderId, w.tokens.A, { filename: 'a"; x=1\r\nSet-Cookie: sid=1\r\n.png', content: PNG, type: 'image/png' });
        // the multipart parser either refuses the broken header or the name arrives cleaned
        if (res.status === 201) {
          const file = await api(app, 'GET', res.body.data.fileUrl, { token: w.tokens.A });
          assert.equal(file.headers['set-cookie'], undefined);
          assert.doesNotMatch(String(file.headers['content-disposition']), /[\r\n]|"[^"]*"[^;]*"/);
          assert.equal(file.headers['content-type'], 'image/png');
        } else {
          assertRefusal(res, 400);
        }
      });

      it('el contenido manda: HTML, SVG, EXE o texto con nombre y tipo de PDF/PNG se rechazan sin guardar nada', async () => {
        const { dataDir } = ctx();
        const docs = await docCount();
        const files = filesUnder(path.join(dataDir, 'private')).length;
        const fakes: { filename: string; content: Buffer; type: string }[] = [
          { filename: 'comprobante.pdf', content: Buffer.from('<html><script>alert(document.cookie)</script></html>'), type: 'application/pdf' },
          { filename: 'foto.png', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/png' },
          { filename: 'comprobante.pdf', content: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]), type: 'application/pdf' },
          { filename: 'foto.jpg', content: Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'), type: 'image/jpeg' },
          { filename: 'comprobante.pdf', content: Buffer.from('PDF-1.4 sin el porcentaje'), type: 'application/pdf' },
        ];
        for (const f of fakes) assertRefusal(await proof(w.a.orderId, w.tokens.A, f), 400, ORDER_MESSAGES.proofType);
        // staff: bills are PDF only, whatever the name says
        assertRefusal(await bill(w.tokens.staff, [{ name: 'kind', value: 'bill' }, { name: 'file', filename: 'factura.pdf', content: PNG, type: 'application/pdf' }]), 400, ORDER_MESSAGES.pdfOnly);
        // an empty file, two files, no file
        assertRefusal(await proof(w.a.orderId, w.tokens.A, { filename: 'vacío.pdf', content: Buffer.alloc(0) }), 400, ORDER_MESSAGES.noFile);
        const two = multipart([
          { name: 'file', filename: 'a.pdf', content: PDF },
          { name: 'file2', filename: 'b.pdf', content: PDF },
        ]);
        assertRefusal(await api(ctx().app, 'POST', `/api/order/${w.a.orderId}/proof`, { token: w.tokens.A, ...two }), 400);
        assertRefusal(await api(ctx().app, 'POST', `/api/order/${w.a.orderId}/proof`, { token: w.tokens.A, body: { file: PDF.toString('base64') } }), 400);
        // someone else's order, and no session: nothing is even read
        assertRefusal(await proof(w.a.orderId, w.tokens.B, { filename: 'c.pdf', content: PDF }), 404);
        assertRefusal(await proof(w.a.orderId, null, { filename: 'c.pdf', content: PDF }), 401);
        assertRefusal(await bill(w.tokens.A, [{ name: 'kind', value: 'bill' }, { name: 'file', filename: 'f.pdf', content: PDF }]), 403);
        assert.equal(await docCount(), docs);
        assert.equal(filesUnder(path.join(dataDir, 'private')).length, files);
      });

      it('archivos de más de 10 MB: 413 con el mensaje del catálogo, sin guardar nada', async () => {
        const { dataDir } = ctx();
        const docs = await docCount();
        const files = filesUnder(path.join(dataDir, 'private')).length;
        const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
        assertRefusal(await proof(w.a.orderId, w.tokens.A, { filename: 'grande.pdf', content: big, type: 'application/pdf' }), 413, ORDER_MESSAGES.fileTooLarge);
        assertRefusal(await bill(w.tokens.staff, [{ name: 'kind', value: 'bill' }, { name: 'file', filename: 'grande.pdf', content: big }]), 413, ORDER_MESSAGES.fileTooLarge);
        assert.equal(await docCount(), docs);
        assert.equal(filesUnder(path.join(dataDir, 'private')).length, files);
      });
    });

    describe('ids ajenos y asignación masiva', () => {
      it('ids de otro cliente dentro de un recurso propio: 404 y nada escrito', async () => {
        const { app, db } = ctx();
        // a document of another customer's order, reached through A's own order id
        const foreignDoc = await api(app, 'POST', `/api/staff/orders/${w.victim.orderId}/documents`, {
          token: w.tokens.staff,
          ...multipart([{ name: 'kind', value: 'bill' }, { name: 'file', filename: 'f.pdf', content: PDF }]),
        });
        assert.equal(foreignDoc.status, 201, foreignDoc.raw);
        const before = await tablesFingerprint(db.db);
        assertRefusal(await api(app, 'GET', `/api/order/${w.a.orderId}/documents/${foreignDoc.body.data.id}/file`, { token: w.tokens.A }), 404);
        assertRefusal(await api(app, 'GET', `/api/order/${w.victim.orderId}/documents/${foreignDoc.body.data.id}/file`, { token: w.tokens.A }), 404);
        const product = [{ id: w.cat.exact, quantity: 25 }];
        assertRefusal(await api(app, 'POST', '/api/order', { token: w.tokens.A, body: { products: product, billingDataId: w.b.billingId } }), 404);
        assertRefusal(
          await api(app, 'POST', '/api/order', { token: w.tokens.A, body: { products: product, billingDataId: w.a.billingId, addressId: w.b.addressId, toSucc: false, transportId: -1, otherTransport: 'Expreso' } }),
          404,
        );
        assertRefusal(await api(app, 'POST', `/api/order/${w.victim.orderId}/add`, { token: w.tokens.A, body: { products: [{ id: w.cat.exact, quantity: 1 }] } }), 404);
        assertRefusal(await api(app, 'POST', `/api/order/${w.victim.orderId}/messages`, { token: w.tokens.A, body: { text: 'hola' } }), 404);
        assertRefusal(await api(app, 'DELETE', `/api/billing/${w.b.billingId}`, { token: w.tokens.A }), 404);
        assertRefusal(await api(app, 'DELETE', `/api/address/${w.b.addressId}`, { token: w.tokens.A }), 404);
        assert.deepEqual(changedTables(before, await tablesFingerprint(db.db)), []);
      });

      it('campos de más (dueño, rol, precios, estado) se ignoran', async () => {
        const { app, db } = ctx();
        const me = await api(app, 'PATCH', '/api/user/me', {
          token: w.tokens.B,
          body: { name: 'Beto', role: 'superadmin', roleId: 1, email: 'otro@example.com', isVip: true, permissions: ['orders:read'], id: w.ids.A },
        });
        assert.equal(me.status, 200, me.raw);
        assert.deepEqual([me.body.data.id, me.body.data.role, me.body.data.email, me.body.data.isVip], [w.ids.B, 'customer', w.emails.B, false]);
        assertRefusal(await api(app, 'GET', '/api/staff/orders', { token: w.tokens.B }), 403);

        const address = await api(app, 'POST', '/api/address', {
          token: w.tokens.B,
          body: { province: 'Jujuy', city: 'Jujuy', street: 'Belgrano', number: '9', postalCode: 'Y4600', userId: w.ids.A, id: w.a.addressId, state: 'archived' },
        });
        assert.equal(address.status, 201, address.raw);
        const mine = (await api(app, 'GET', '/api/address/myAddresses', { token: w.tokens.B })).body.data.map((a: any) => a.id);
        assert.ok(mine.includes(address.body.data.id), 'the address belongs to its author');
        assert.notEqual(address.body.data.id, w.a.addressId);

        const order = await api(app, 'POST', '/api/order', {
          token: w.tokens.B,
          body: { products: [{ id: w.cat.exact, quantity: 25, price: 0.01, priceCents: 1 }], billingDataId: w.b.billingId, userId: w.ids.A, state: 'completed', total: 1 },
        });
        assert.equal(order.status, 201, order.raw);
        assert.equal(order.body.data.state, 'received');
        const [row] = await db.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, order.body.data.id));
        assert.equal(row!.userId, w.ids.B);
        // the exact product costs $ 2.000 (orders-fixtures): the client's prices are ignored
        assert.deepEqual(order.body.data.items.map((i: any) => [i.quantity, i.unitPrice]), [[25, 2000]]);
      });
    });

    describe('contaminación de prototipos', () => {
      const clean = () => {
        assert.equal(({} as any).polluted, undefined);
        assert.equal(({} as any).userId, undefined);
        assert.equal(({} as any).isAdmin, undefined);
        assert.deepEqual(Object.keys(Object.prototype), []);
      };

      it('__proto__ / constructor.prototype en JSON: 400 en castellano, sin escribir ni contaminar', async () => {
        const { app, db } = ctx();
        const before = await tablesFingerprint(db.db);
        const address = '"province":"Salta","city":"Salta","street":"Caseros","number":"1","postalCode":"A4400"';
        const cases: [string, string, string][] = [
          ['POST', '/api/address', `{${address},"__proto__":{"userId":${w.ids.B}}}`],
          ['POST', '/api/address', `{${address},"constructor":{"prototype":{"userId":${w.ids.B}}}}`],
          ['POST', `/api/order/${w.a.orderId}/messages`, '{"text":"hola","__proto__":{"polluted":"sí"}}'],
          ['POST', `/api/order/${w.a.orderId}/add`, `{"products":[{"id":${w.cat.exact},"quantity":1,"__proto__":{"quantity":100000}}]}`],
          ['POST', '/auth/login', `{"email":"${w.emails.A}","password":"x","__proto__":{"password":"${PASSWORD}"}}`],
          ['PATCH', '/api/user/me', '{"name":"Ana","constructor":{"prototype":{"isAdmin":true}}}'],
          ['PATCH', '/api/staff/config', '{"__proto__":{"maintaince":true}}'],
        ];
        for (const [method, url, payload] of cases) {
          const token = url.startsWith('/api/staff') ? w.tokens.staff : url.startsWith('/auth') ? null : w.tokens.A;
          const res = await api(app, method as InjectOptions['method'], url, { token, payload, headers: { 'content-type': 'application/json' } });
          assertRefusal(res, 400, MESSAGES.badParams);
          clean();
        }
        assert.deepEqual(changedTables(before, await tablesFingerprint(db.db)), []);
      });

      it('__proto__ en la query y en campos multipart no contamina ni cambia el resultado', async () => {
        const { app } = ctx();
        for (const q of ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', '__proto__=x&rows=2', 'rows=2&rows=3']) {
          const res = await api(app, 'GET', `/api/products?${q}`);
          assert.ok(res.status === 200 || res.status === 400, `${q}: ${res.raw}`);
          clean();
        }
        // a field named __proto__ never stands in for `kind`
        const docs = Number((await ctx().db.db.select({ n: count() }).from(orderDocuments))[0]!.n);
        const res = await api(app, 'POST', `/api/staff/orders/${w.a.orderId}/documents`, {
          token: w.tokens.staff,
          ...multipart([
            { name: '__proto__', value: 'bill' },
            { name: 'constructor', value: 'bill' },
            { name: 'file', filename: 'f.pdf', content: PDF },
          ]),
        });
        assertRefusal(res, 400);
        assert.equal(Number((await ctx().db.db.select({ n: count() }).from(orderDocuments))[0]!.n), docs);
        clean();
      });
    });
  },
  { auth: { mailer, jwtSecret: TEST_JWT_SECRET } },
);

describe('fuerza bruta y límite global [pglite]', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  before(async () => {
    ctx = await createTestContext('pglite', {
      auth: { mailer: memoryMailer(), limits: { loginPerIp: { max: 5, windowMs: 60_000 } } },
      rateLimit: { max: 40, timeWindow: 60_000, allowList: [] },
    });
  });
  after(() => ctx.dispose());

  const login = (email: string, password: string, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: ip });

  it('adivinar contraseñas desde una IP: 401 y luego 429 en castellano con Retry-After', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) {
      const r = await login(`nadie${i}@example.com`, `clave-${i}`, ip);
      assert.equal(r.statusCode, 401, r.body);
      assert.equal(r.json().message, MESSAGES.wrongCredentials);
    }
    const blocked = await login('cliente@example.com', PASSWORD, ip);
    assert.equal(blocked.statusCode, 429);
    assert.deepEqual(blocked.json(), { success: false, message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    assert.ok(Number(blocked.headers['retry-after']) > 0);
  });

  it('adivinar la contraseña de una cuenta desde muchas IPs: las direcciones nuevas se frenan, con mensaje en castellano', async () => {
    // 30 failures per account per hour from all addresses together (4 per address stays under the pair limit)
    for (let i = 0; i < 30; i++) {
      const r = await login('vip@example.com', `intento-${i}`, `198.51.100.${100 + Math.floor(i / 4)}`);
      assert.equal(r.statusCode, 401);
    }
    const locked = await login('vip@example.com', PASSWORD, '198.51.100.200');
    assert.equal(locked.statusCode, 429);
    const problem = errorEnvelopeProblem({ statusCode: locked.statusCode, headers: locked.headers, body: locked.body });
    assert.equal(problem, null, locked.body);
    assert.match(locked.json().message, /intentos/);
  });

  it('límite global por IP: 429 en castellano, también en rutas inexistentes; otra IP sigue', async () => {
    const ip = '198.51.100.50';
    let first429 = 0;
    for (let i = 1; i <= 45 && !first429; i++) {
      const r = await ctx.app.inject({ url: i % 2 ? '/api/tags' : '/api/no-existe', remoteAddress: ip });
      if (r.statusCode === 429) {
        first429 = i;
        assert.deepEqual(r.json(), { success: false, message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
      } else assert.ok([200, 404].includes(r.statusCode));
    }
    assert.equal(first429, 41);
    assert.equal((await ctx.app.inject({ url: '/api/tags', remoteAddress: '198.51.100.51' })).statusCode, 200);
  });
});

describe('detrás de un proxy: X-Forwarded-For no evita los límites [pglite]', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  before(async () => {
    // behind a proxy on the same host (TRUST_PROXY's default), with loopback allow-listed for the global limit
    ctx = await createTestContext('pglite', { trustedProxies: ['loopback'], rateLimit: { max: 3, timeWindow: 60_000, allowList: ['127.0.0.1'] } });
  });
  after(() => ctx.dispose());

  /** A request through the proxy (loopback), which appends the client's address to what the client sent. */
  const viaProxy = (client: string, sent?: string) =>
    ctx.app.inject({ url: '/api/tags', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': sent ? `${sent}, ${client}` : client } });

  it('un cliente que dice ser 127.0.0.1 o cambia la IP de la izquierda sigue limitado', async () => {
    const spoofed: number[] = [];
    for (let i = 0; i < 5; i++) spoofed.push((await viaProxy('203.0.113.77', '127.0.0.1')).statusCode);
    assert.deepEqual(spoofed, [200, 200, 200, 429, 429]);
    const rotating: number[] = [];
    for (let i = 0; i < 5; i++) rotating.push((await viaProxy('203.0.113.78', `198.51.100.${i}`)).statusCode);
    assert.deepEqual(rotating, [200, 200, 200, 429, 429]);
    // another real client is not affected, and the proxy itself (no header) stays allow-listed
    assert.equal((await viaProxy('203.0.113.79')).statusCode, 200);
    for (let i = 0; i < 5; i++) assert.equal((await ctx.app.inject({ url: '/api/tags', remoteAddress: '127.0.0.1' })).statusCode, 200);
  });
});
