/**
 * The order chat over HTTP (server/routes/messages): access (owner or staff, 404 otherwise), validation,
 * plain-text storage, per-user rate limit, unread counts for each side and marking as read.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { messages } from '../db/schema';
import { MAX_MESSAGE_LENGTH, MESSAGES_PER_MINUTE, normalizeMessageText } from '../routes/messages';
import { signedInAppOptions } from './auth-fixtures';
import { describeEachDb, SPANISH } from './helpers';
import { api, login, type Customer } from './orders-fixtures';
import { bareOrder, twoCustomersAndStaff } from './realtime-fixtures';

it('normalizeMessageText: CRLF, control characters and surrounding blanks', () => {
  assert.equal(normalizeMessageText('  hola\r\nchau\u0000\u0007 \t'), 'hola\nchau');
  assert.equal(normalizeMessageText('a\tb'), 'a\tb');
  assert.equal(normalizeMessageText(' \n\r\n '), '');
});

describeEachDb(
  'chat de pedidos',
  (ctx) => {
    let a: Customer, b: Customer, staff: string;
    let admin: string;
    let orderA: number;
    let orderA2: number;

    before(async () => {
      const { app, db } = ctx();
      ({ a, b, staff } = await twoCustomersAndStaff(app, db.db, 'chat'));
      admin = await login(app, 'staff@example.com'); // the demo admin
      orderA = await bareOrder(db.db, a.id);
      orderA2 = await bareOrder(db.db, a.id, 'accepted');
    });

    const post = (order: number, token: string | null, body: unknown) => api(ctx().app, 'POST', `/api/order/${order}/messages`, { token, body });
    const unread = async (token: string) => {
      const r = await api(ctx().app, 'GET', '/api/message/unviewed/client', { token });
      assert.equal(r.status, 200, r.raw);
      return r.body.data as number;
    };

    it('sin sesión 401; pedido ajeno o inexistente 404 (leer, escribir, marcar)', async () => {
      const { app } = ctx();
      assert.equal((await api(app, 'GET', `/api/order/${orderA}/messages`)).status, 401);
      assert.equal((await post(orderA, null, { text: 'x' })).status, 401);
      assert.equal((await api(app, 'GET', '/api/message/unviewed/client')).status, 401);
      for (const [order, token] of [
        [orderA, b.token],
        [999_999, a.token],
      ] as const) {
        assert.equal((await api(app, 'GET', `/api/order/${order}/messages`, { token })).status, 404);
        const w = await post(order, token, { text: 'hola' });
        assert.equal(w.status, 404);
        assert.equal(w.body.message, SPANISH.notFound);
        assert.equal((await api(app, 'POST', `/api/order/${order}/messages/read`, { token })).status, 404);
      }
      assert.equal((await api(app, 'GET', '/api/order/abc/messages', { token: a.token })).status, 400);
      const rows = await ctx().db.db.select().from(messages).where(eq(messages.orderId, orderA));
      assert.equal(rows.length, 0, 'nada se guardó');
    });

    it('valida el texto: vacío, sólo espacios, demasiado largo, no string', async () => {
      for (const body of [{ text: '' }, { text: '   \n ' }, { text: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }, { text: 5 }, {}, { text: null }]) {
        const r = await post(orderA, a.token, body);
        assert.equal(r.status, 400, JSON.stringify(body).slice(0, 40));
        assert.equal(r.body.success, false);
      }
      const max = await post(orderA, a.token, { text: 'ñ'.repeat(MAX_MESSAGE_LENGTH) });
      assert.equal(max.status, 201, 'exactamente 2000 caracteres');
      await ctx().db.db.delete(messages).where(eq(messages.orderId, orderA));
    });

    it('guarda texto plano tal cual y lo devuelve en orden; el personal ve y escribe', async () => {
      const { app } = ctx();
      const html = '<img src=x onerror="alert(1)"> & <script>x</script>';
      const r1 = await post(orderA, a.token, { text: `  ${html}\r\nsegunda línea ` });
      assert.equal(r1.status, 201, r1.raw);
      assert.equal(r1.body.message, 'Mensaje enviado');
      assert.equal(r1.body.data.text, `${html}\nsegunda línea`);
      assert.equal(r1.body.data.fromShop, false);
      assert.equal(r1.body.data.userId, a.id);
      assert.equal(r1.body.data.viewedAt, null);

      const r2 = await post(orderA, staff, { text: 'Ya lo preparamos' });
      assert.equal(r2.status, 201, r2.raw);
      assert.equal(r2.body.data.fromShop, true);
      assert.equal((await post(orderA, admin, { text: 'admin también' })).status, 201);

      const forCustomer = await api(app, 'GET', `/api/order/${orderA}/messages`, { token: a.token });
      const forStaff = await api(app, 'GET', `/api/order/${orderA}/messages`, { token: staff });
      assert.equal(forCustomer.status, 200);
      // the same messages; staff also see who wrote each one (issue 32, item 4), the customer never does
      assert.ok(forCustomer.body.data.every((m: { authorName?: unknown }) => !('authorName' in m)));
      assert.deepEqual(
        forStaff.body.data.map((m: Record<string, unknown>) => Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'authorName'))),
        forCustomer.body.data,
      );
      const authors = forStaff.body.data.map((m: { authorName: string | null }) => m.authorName);
      assert.deepEqual(authors.slice(0, 2), ['Cliente Test', 'Prueba Test']);
      assert.ok(typeof authors[2] === 'string' && authors[2] !== 'Prueba Test', String(authors[2]));
      assert.deepEqual(
        forCustomer.body.data.map((m: { text: string; fromShop: boolean }) => [m.fromShop, m.text.slice(0, 4)]),
        [
          [false, '<img'],
          [true, 'Ya l'],
          [true, 'admi'],
        ],
      );
      assert.equal(forCustomer.headers['cache-control'], 'no-store');
    });

    it('contadores de no leídos de cada lado y marcado al abrir el chat', async () => {
      const { app } = ctx();
      const before = await unread(staff);
      assert.equal(await unread(a.token), 2, 'los dos mensajes de la tienda');
      assert.equal(await unread(b.token), 0);
      await post(orderA2, staff, { text: 'otro pedido' });
      assert.equal(await unread(a.token), 3);

      // the customer opens the chat of orderA: only the shop's messages of that order are read
      const read = await api(app, 'POST', `/api/order/${orderA}/messages/read`, { token: a.token, headers: { 'content-type': 'application/json' } });
      assert.equal(read.status, 200, read.raw);
      assert.equal(read.body.data.marked, 2);
      assert.equal(await unread(a.token), 1);
      assert.equal(await unread(staff), before, 'marcar del cliente no toca lo del personal');
      assert.equal((await api(app, 'POST', `/api/order/${orderA}/messages/read`, { token: a.token })).body.data.marked, 0, 'idempotente');

      // the customer writes; staff count rises and falls when staff open it
      await post(orderA, a.token, { text: 'gracias' });
      assert.equal(await unread(staff), before + 1);
      const staffRead = await api(app, 'POST', `/api/order/${orderA}/messages/read`, { token: staff });
      assert.equal(staffRead.body.data.marked, 2, 'los dos mensajes del cliente');
      assert.equal(await unread(staff), before - 1);
      assert.equal(await unread(a.token), 1, 'el del otro pedido sigue sin leer');
    });

    it(`limita a ${MESSAGES_PER_MINUTE} mensajes por minuto por usuario (429 en castellano)`, async () => {
      const order = await bareOrder(ctx().db.db, b.id);
      let last = 0;
      for (let i = 0; i < MESSAGES_PER_MINUTE + 1; i += 1) {
        const r = await post(order, b.token, { text: `m${i}` });
        last = r.status;
        if (i < MESSAGES_PER_MINUTE) assert.equal(r.status, 201, `mensaje ${i}`);
        else assert.equal(r.body.message, SPANISH.tooMany);
      }
      assert.equal(last, 429);
      // someone else is not limited
      assert.equal((await post(order, staff, { text: 'sigo' })).status, 201);
    });
  },
  signedInAppOptions(),
);
