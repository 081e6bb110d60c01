/**
 * socket.io (server/realtime): handshake authentication, automatic and requested rooms, room
 * authorization, message broadcast to a second client, and — with TEST_REDIS_URL — two API instances
 * sharing rooms through @socket.io/redis-adapter.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { roles, users } from '../db/schema';
import { passwordFingerprint, ISSUER, SESSION_AUDIENCE } from '../auth/jwt';
import { findUserById } from '../auth/users';
import { TEST_JWT_SECRET, memoryMailer, signedInAppOptions } from './auth-fixtures';
import { createTestContext, describeEachDb } from './helpers';
import { api, createCustomer, createUser, login, PASSWORD, type Customer } from './orders-fixtures';
import { ask, assertOutOfRooms, bareOrder, closeAll, connect, listen, nextEvent, silence, listening, twoCustomersAndStaff } from './realtime-fixtures';

const appOptions = signedInAppOptions();
const secret = new TextEncoder().encode(TEST_JWT_SECRET);

describeEachDb(
  'tiempo real: socket.io',
  (ctx) => {
    const url = listening(ctx);
    let a: Customer, b: Customer, staff: string;
    let orderA: number;
    let orderB: number;

    before(async () => {
      const { app, db } = ctx();
      ({ a, b, staff } = await twoCustomersAndStaff(app, db.db, 'rt', 'Empleada'));
      orderA = await bareOrder(db.db, a.id);
      orderB = await bareOrder(db.db, b.id);
    });

    describe('autenticación del handshake', () => {
      it('rechaza sin token, con token vacío, basura o firma ajena', async () => {
        for (const token of [undefined, '', 'basura', `${a.token.slice(0, -4)}AAAA`]) {
          await assert.rejects(connect(url(), token), /La sesion ha expirado/, String(token));
        }
        const rogue = await new SignJWT({ role: 'customer', pwd: 'x' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(a.id))
          .setIssuer(ISSUER)
          .setAudience(SESSION_AUDIENCE)
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('otro-secreto-otro-secreto-otro-secreto'));
        await assert.rejects(connect(url(), rogue), /La sesion ha expirado/);
      });

      it('rechaza un token vencido y uno de una contraseña anterior', async () => {
        const row = (await findUserById(ctx().db.db, a.id))!;
        const now = Math.floor(Date.now() / 1000);
        const sign = (pwd: string, exp: number) =>
          new SignJWT({ role: row.role, pwd, rem: false })
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .setSubject(String(a.id))
            .setIssuer(ISSUER)
            .setAudience(SESSION_AUDIENCE)
            .setIssuedAt(now - 7200)
            .setExpirationTime(exp)
            .sign(secret);
        await assert.rejects(connect(url(), await sign(passwordFingerprint(row.passwordHash), now - 60)), /La sesion ha expirado/);
        await assert.rejects(connect(url(), await sign('huella-vieja', now + 3600)), /La sesion ha expirado/);
        // the same claims with a valid expiry and fingerprint connect
        const ok = await connect(url(), await sign(passwordFingerprint(row.passwordHash), now + 3600));
        assert.equal(ok.connected, true);
      });

      it('acepta "Bearer <token>" y une la sala del usuario automáticamente', async () => {
        const socket = await connect(url(), `Bearer ${a.token}`);
        const got = nextEvent(socket, 'ping-test');
        ctx().app.realtime.emitToUser(a.id, 'ping-test', { ok: 1 });
        assert.deepEqual(await got, { ok: 1 });
      });
    });

    describe('salas', () => {
      it('un cliente entra a la sala de su pedido y a la propia; nunca a las de otro', async () => {
        const sa = await connect(url(), a.token);
        assert.deepEqual(await ask(sa, 'joinRoom', `Order-${orderA}`), { ok: true, room: `Order-${orderA}` });
        assert.deepEqual(await ask(sa, 'joinRoom', `User-${a.id}`), { ok: true, room: `User-${a.id}` });

        const sb = await connect(url(), b.token);
        for (const room of [`Order-${orderA}`, `User-${a.id}`, 'Staff', 'Order-999999', 'Order-0', 'Order-01', 'cualquiera', 42, null, 'x'.repeat(100)]) {
          const res = await ask(sb, 'joinRoom', room);
          assert.equal(res.ok, false, String(room));
          assert.equal(typeof res.error, 'string');
        }
        // B really is not in A's rooms
        const quietOrder = silence(sb, 'newMessage', 400);
        const quietUser = silence(sb, 'newNotification', 400);
        ctx().app.realtime.emitToOrder(orderA, 'newMessage', { x: 1 });
        ctx().app.realtime.emitToUser(a.id, 'newNotification', { notificationId: 1 });
        assert.equal(await quietOrder, true);
        assert.equal(await quietUser, true);
      });

      it('rejoinRooms une sólo las salas permitidas y contesta cuáles rechazó', async () => {
        const sb = await connect(url(), b.token);
        const res = await ask(sb, 'rejoinRooms', [`Order-${orderB}`, `Order-${orderA}`, `User-${b.id}`, `User-${a.id}`, `Order-${orderB}`]);
        assert.deepEqual(res, { ok: true, joined: [`Order-${orderB}`, `User-${b.id}`], refused: [`Order-${orderA}`, `User-${a.id}`] });
        assert.equal((await ask(sb, 'rejoinRooms', 'no-es-lista')).ok, false);
        assert.equal((await ask(sb, 'rejoinRooms', Array.from({ length: 51 }, (_, i) => `Order-${i + 1}`))).ok, false);
        const got = nextEvent(sb, 'newMessage');
        ctx().app.realtime.emitToOrder(orderB, 'newMessage', { y: 2 });
        assert.deepEqual(await got, { y: 2 });
      });

      it('el personal entra a cualquier sala de pedido y está en la sala Staff; leaveRoom sale', async () => {
        const ss = await connect(url(), staff);
        assert.equal((await ask(ss, 'joinRoom', `Order-${orderA}`)).ok, true);
        assert.equal((await ask(ss, 'joinRoom', `User-${a.id}`)).ok, false, 'sala de usuario ajena');
        const staffEvent = nextEvent(ss, 'newMessageCount');
        ctx().app.realtime.emitToStaff('newMessageCount', { orderId: orderA });
        assert.deepEqual(await staffEvent, { orderId: orderA });

        assert.deepEqual(await ask(ss, 'leaveRoom', `Order-${orderA}`), { ok: true, room: `Order-${orderA}` });
        assert.equal((await ask(ss, 'leaveRoom', 'Staff')).ok, false, 'las salas automáticas no se dejan');
        const quiet = silence(ss, 'newMessage', 300);
        ctx().app.realtime.emitToOrder(orderA, 'newMessage', {});
        assert.equal(await quiet, true);
      });
    });

    describe('mensajes en vivo', () => {
      it('un mensaje se guarda y llega a otro cliente de la sala del pedido, y el aviso al destinatario', async () => {
        const { app } = ctx();
        const customerTab = await connect(url(), a.token);
        const staffTab = await connect(url(), staff);
        await ask(customerTab, 'joinRoom', `Order-${orderA}`);
        await ask(staffTab, 'joinRoom', `Order-${orderA}`);

        // customer → staff: newMessage to the room, newMessageCount to the Staff room
        const inStaff = nextEvent(staffTab, 'newMessage');
        const staffCount = nextEvent(staffTab, 'newMessageCount');
        const customerNoCount = silence(customerTab, 'newMessageCount', 400);
        const sent = await api(app, 'POST', `/api/order/${orderA}/messages`, { token: a.token, body: { text: 'Hola, ¿cuándo sale?' } });
        assert.equal(sent.status, 201, sent.raw);
        const msg = await inStaff;
        assert.equal(msg.text, 'Hola, ¿cuándo sale?');
        assert.equal(msg.fromShop, false);
        assert.equal(msg.id, sent.body.data.id);
        assert.deepEqual(await staffCount, { orderId: orderA, messageId: msg.id });
        assert.equal(await customerNoCount, true);

        // staff → customer: newMessageCount + newNotification to User-{customer}
        const inCustomer = nextEvent(customerTab, 'newMessage');
        const customerCount = nextEvent(customerTab, 'newMessageCount');
        const notified = nextEvent(customerTab, 'newNotification');
        const reply = await api(app, 'POST', `/api/order/${orderA}/messages`, { token: staff, body: { text: '<b>Mañana</b>' } });
        assert.equal(reply.status, 201, reply.raw);
        assert.equal((await inCustomer).text, '<b>Mañana</b>', 'texto tal cual, sin interpretar HTML');
        assert.equal((await inCustomer).fromShop, true);
        assert.equal((await customerCount).orderId, orderA);
        const { notificationId } = await notified;
        const n = await api(app, 'GET', `/api/notification/${notificationId}`, { token: a.token });
        assert.equal(n.status, 200);
        assert.equal(n.body.data.title, 'Nuevo mensaje');
        assert.equal(n.body.data.url, `/order/${orderA}`);

        const history = await api(app, 'GET', `/api/order/${orderA}/messages`, { token: a.token });
        assert.deepEqual(
          history.body.data.map((m: { text: string }) => m.text),
          ['Hola, ¿cuándo sale?', '<b>Mañana</b>'],
        );
      });

    });

    // Issue 19 items 1 and 2: a socket keeps nothing it was granted at connect once the account changes.
    describe('sesiones que cambian: degradación y cambio de contraseña', () => {
      const roleId = async (name: string) => {
        const [r] = await ctx().db.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
        return r!.id;
      };

      it('un empleado degradado pierde su socket abierto: no entra más a pedidos ajenos ni oye la sala Staff', async () => {
        const { app, db } = ctx();
        const id = await createUser(db.db, 'rt-degradado@example.com', 'orderemployee');
        const token = await login(app, 'rt-degradado@example.com');
        const admin = await login(app, 'staff@example.com');
        const socket = await connect(url(), token);
        assert.equal((await ask(socket, 'joinRoom', `Order-${orderB}`)).ok, true, 'antes: personal de pedidos');

        const dropped = nextEvent(socket, 'disconnect');
        const demoted = await api(app, 'PATCH', `/api/staff/customers/${id}/role`, { token: admin, body: { role: 'customer' } });
        assert.equal(demoted.status, 200, demoted.raw);
        assert.equal(await dropped, 'io server disconnect');
        assert.equal((await api(app, 'GET', '/api/staff/orders', { token })).status, 403);

        // the token itself is still a valid customer session: it reconnects with a customer's rights only
        const again = await connect(url(), token);
        const refused = await ask(again, 'joinRoom', `Order-${orderA}`);
        assert.equal(refused.ok, false);
        assert.equal(refused.error, 'No tienes los permisos necesarios');
        await assertOutOfRooms(app, again, orderB, { staff: 'fuera de la sala Staff', order: 'fuera de la sala del pedido que había unido' });
      });

      it('joinRoom vuelve a leer los permisos de la base (un cambio de rol sin aviso al socket)', async () => {
        const { app, db } = ctx();
        const id = await createUser(db.db, 'rt-sin-aviso@example.com', 'orderemployee');
        const socket = await connect(url(), await login(app, 'rt-sin-aviso@example.com'));
        assert.equal((await ask(socket, 'joinRoom', `Order-${orderA}`)).ok, true);
        // the role changes behind the socket's back (another process, a lost Redis message)
        await db.db.update(users).set({ roleId: await roleId('customer') }).where(eq(users.id, id));
        const res = await ask(socket, 'joinRoom', `Order-${orderB}`);
        assert.equal(res.ok, false, 'permisos leídos de la base, no del connect');
        const rejoin = await ask(socket, 'rejoinRooms', [`Order-${orderB}`]);
        assert.deepEqual(rejoin.refused, [`Order-${orderB}`]);
        await assertOutOfRooms(app, socket, orderA, { staff: 'dejó la sala Staff', order: 'dejó la sala del pedido ajeno que había unido como personal' });
      });

      it('un cambio de contraseña corta el socket abierto: no llegan más mensajes, avisos ni conteos', async () => {
        const { app, db } = ctx();
        const c = await createCustomer(app, db.db, { email: 'rt-clave@example.com' });
        const order = await bareOrder(db.db, c.id);
        const old = await connect(url(), c.token);
        assert.equal((await ask(old, 'joinRoom', `Order-${order}`)).ok, true);

        const dropped = nextEvent(old, 'disconnect');
        const changed = await api(app, 'POST', '/api/user/password', {
          token: c.token,
          body: { currentPassword: PASSWORD, newPassword: 'otra-clave-22', confirmPassword: 'otra-clave-22' },
        });
        assert.equal(changed.status, 200, changed.raw);
        assert.equal(await dropped, 'io server disconnect');
        assert.equal((await api(app, 'GET', '/auth', { token: c.token })).status, 401);

        const events = ['newMessage', 'newMessageCount', 'newNotification'].map((e) => silence(old, e, 400));
        const reply = await api(app, 'POST', `/api/order/${order}/messages`, { token: staff, body: { text: 'después del cambio' } });
        assert.equal(reply.status, 201, reply.raw);
        assert.deepEqual(await Promise.all(events), [true, true, true]);
        await assert.rejects(connect(url(), c.token), /La sesion ha expirado/, 'el token viejo no vuelve a entrar');
        const fresh = await connect(url(), changed.body.data.token);
        assert.equal((await ask(fresh, 'joinRoom', `Order-${order}`)).ok, true, 'el token nuevo sí');
      });

      it('joinRoom con una sesión cuya contraseña cambió sin aviso: rechazado y desconectado', async () => {
        const { app, db } = ctx();
        const c = await createCustomer(app, db.db, { email: 'rt-clave-db@example.com' });
        const order = await bareOrder(db.db, c.id);
        const socket = await connect(url(), c.token);
        await db.db.update(users).set({ passwordHash: 'otro-hash' }).where(eq(users.id, c.id));
        const dropped = nextEvent(socket, 'disconnect');
        socket.emit('joinRoom', `Order-${order}`);
        assert.equal(await dropped, 'io server disconnect');
      });
    });
  },
  appOptions,
);

it('cerrar la API corta los sockets abiertos sin colgarse', async () => {
  const ctx = await createTestContext('pglite', appOptions);
  const url = await listen(ctx.app);
  const socket = await connect(url, await login(ctx.app, 'cliente@example.com'));
  const gone = nextEvent(socket, 'disconnect', 5000);
  const started = Date.now();
  await ctx.dispose();
  // A transport close, not 'io server disconnect': the client is meant to reconnect to the next instance
  // (see realtime-restart.test.ts).
  assert.equal(await gone, 'transport close');
  assert.ok(Date.now() - started < 5000);
  socket.close();
});

/* ------------------------------------------------------------ Redis: 2 instances */

const REDIS = process.env.TEST_REDIS_URL;
if (!REDIS) console.log('Redis: OMITIDO (TEST_REDIS_URL no está definida): no se probaron dos instancias de la API.');

describe('tiempo real con Redis: dos instancias de la API', { skip: REDIS ? false : 'TEST_REDIS_URL no está definida' }, () => {
  let one: Awaited<ReturnType<typeof createTestContext>>;
  let two: Awaited<ReturnType<typeof import('../app').buildApp>>;
  before(async () => {
    const opts = { auth: { jwtSecret: TEST_JWT_SECRET, mailer: memoryMailer() }, realtime: { redisUrl: REDIS! } };
    one = await createTestContext('pglite', opts);
    const { buildApp } = await import('../app');
    // the second instance shares the first one's database (as two processes share PostgreSQL)
    two = await buildApp({ db: one.db.db, dataDir: one.dataDir, logger: false, ...opts });
  });
  after(async () => {
    closeAll();
    await two?.close();
    await one?.dispose();
  });

  it('un mensaje enviado por la instancia A llega a un cliente conectado a la instancia B', async () => {
    const urlA = await listen(one.app);
    const urlB = await listen(two);
    const customer = await createCustomer(one.app, one.db.db, { email: 'rt-redis@example.com' });
    await createUser(one.db.db, 'rt-redis-staff@example.com', 'orderemployee');
    const staff = await login(one.app, 'rt-redis-staff@example.com');
    const order = await bareOrder(one.db.db, customer.id);

    const onB = await connect(urlB, customer.token);
    assert.equal((await ask(onB, 'joinRoom', `Order-${order}`)).ok, true);
    const staffOnB = await connect(urlB, staff);
    const onA = await connect(urlA, staff);
    assert.equal(onA.connected, true);

    const msg = nextEvent(onB, 'newMessage', 5000);
    const count = nextEvent(onB, 'newMessageCount', 5000);
    const res = await api(one.app, 'POST', `/api/order/${order}/messages`, { token: staff, body: { text: 'desde A' } });
    assert.equal(res.status, 201, res.raw);
    assert.equal((await msg).text, 'desde A');
    assert.equal((await count).orderId, order);

    // and the other way: the customer writes through B, the Staff room on A and B hears it
    const staffCountA = nextEvent(onA, 'newMessageCount', 5000);
    const staffCountB = nextEvent(staffOnB, 'newMessageCount', 5000);
    const back = await api(two, 'POST', `/api/order/${order}/messages`, { token: customer.token, body: { text: 'desde B' } });
    assert.equal(back.status, 201, back.raw);
    assert.equal((await staffCountA).orderId, order);
    assert.equal((await staffCountB).orderId, order);
    await new Promise((r) => setTimeout(r, 50));
  });

  it('degradar a un empleado en la instancia A corta su socket abierto en la instancia B', async () => {
    const urlB = `http://127.0.0.1:${(two.server.address() as { port: number }).port}`;
    const id = await createUser(one.db.db, 'rt-redis-degradado@example.com', 'orderemployee');
    const token = await login(one.app, 'rt-redis-degradado@example.com');
    const admin = await login(one.app, 'staff@example.com');
    const onB = await connect(urlB, token);
    const dropped = nextEvent(onB, 'disconnect', 5000);
    const res = await api(one.app, 'PATCH', `/api/staff/customers/${id}/role`, { token: admin, body: { role: 'customer' } });
    assert.equal(res.status, 200, res.raw);
    assert.equal(await dropped, 'io server disconnect');
  });

  it('cambiar la contraseña en la instancia A corta el socket del usuario en la instancia B', async () => {
    const urlB = `http://127.0.0.1:${(two.server.address() as { port: number }).port}`;
    const c = await createCustomer(one.app, one.db.db, { email: 'rt-redis-clave@example.com' });
    const onB = await connect(urlB, c.token);
    const dropped = nextEvent(onB, 'disconnect', 5000);
    const res = await api(one.app, 'POST', '/api/user/password', {
      token: c.token,
      body: { currentPassword: PASSWORD, newPassword: 'otra-clave-22', confirmPassword: 'otra-clave-22' },
    });
    assert.equal(res.status, 200, res.raw);
    assert.equal(await dropped, 'io server disconnect');
  });
});
