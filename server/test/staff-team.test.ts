/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Staff working together on an order (issue 32 item 4) and the exports' XLSX twin and customers list
 * (item 6): staff-only notes (add, list, delete own; bad inputs; every staff role; a customer never reads
 * them — not by the staff routes, not in GET /api/order/:id, not through the order's socket room, not in
 * notifications), assignment (to staff only, the board's filter, the assignee's bell), XLSX exports parsed
 * back with exceljs and formula-looking cells neutralised, customers sorted, searched without accents and
 * exported.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { users } from '../db/schema';
import { signedInAppOptions } from './auth-fixtures';
import { describeEachDb } from './helpers';
import { api, createCustomer, login, orderSuite, signedInUser, type Customer, type TestCatalogue } from './orders-fixtures';
import { ask, connect, nextEvent, silence, listening } from './realtime-fixtures';

const appOptions = signedInAppOptions();

async function readXlsx(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const ws = book.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describeEachDb(
  'personal: notas internas, asignación y exportaciones XLSX',
  (ctx) => {
    const url = listening(ctx);
    let cat: TestCatalogue, ana: Customer;
    let oe: string;
    let oeId: number;
    let emp: string;
    let empId: number;
    let orderId: number;

    before(async () => {
      const { app, db } = ctx();
      ({ cat, customers: { ana } } = await orderSuite(app, db.db, { ana: 'ana.notas@example.com' }));
      ({ id: oeId, token: oe } = await signedInUser(app, db.db, 'olga.notas@example.com', 'orderemployee', 'Olga'));
      ({ id: empId, token: emp } = await signedInUser(app, db.db, 'ernesto.notas@example.com', 'employee', 'Ernesto'));
      const r = await api(app, 'POST', '/api/order', { token: ana.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: ana.billingId } });
      assert.equal(r.status, 201, r.raw);
      orderId = r.body.data.id;
    });

    const notes = (token: string | null, id = orderId) => api(ctx().app, 'GET', `/api/staff/orders/${id}/notes`, { token });
    const addNote = (token: string | null, body: unknown, id = orderId) => api(ctx().app, 'POST', `/api/staff/orders/${id}/notes`, { token, body });
    const assign = (token: string | null, body: unknown, id = orderId) => api(ctx().app, 'PUT', `/api/staff/orders/${id}/assignee`, { token, body });

    it('notes: every staff role writes and reads them with author and time; only the author deletes', async () => {
      const secret = 'Llamar antes de despachar: nota-secreta-123';
      const added = await addNote(oe, { text: `  ${secret}  ` });
      assert.equal(added.status, 201, added.raw);
      assert.equal(added.body.message, 'Nota guardada');
      assert.equal(added.body.data.text, secret, 'trimmed');
      assert.equal(added.body.data.authorName, 'Olga Test');
      assert.equal(added.body.data.authorId, oeId);
      assert.equal(added.body.data.mine, true);
      assert.ok(!Number.isNaN(Date.parse(added.body.data.createdAt)));

      const second = await addNote(emp, { text: 'Segunda nota' });
      assert.equal(second.status, 201, second.raw);
      const seen = await notes(emp);
      assert.equal(seen.status, 200, seen.raw);
      assert.deepEqual(
        seen.body.data.map((n: any) => [n.text, n.authorName, n.mine]),
        [
          [secret, 'Olga Test', false],
          ['Segunda nota', 'Ernesto Test', true],
        ],
        'oldest first, mine from the reader',
      );
      assert.equal((await login(ctx().app, 'staff@example.com')) !== '', true);
      const superadmin = await login(ctx().app, 'staff@example.com');
      assert.equal((await notes(superadmin)).body.data.length, 2);

      // someone else's note: 403; the author: 200; then gone (404)
      const del = (token: string, noteId: number, id = orderId) => api(ctx().app, 'DELETE', `/api/staff/orders/${id}/notes/${noteId}`, { token });
      const refused = await del(emp, added.body.data.id);
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, 'Sólo quien escribió la nota puede borrarla');
      assert.equal((await del(superadmin, added.body.data.id)).status, 403, 'not even a superadmin deletes another one’s note');
      const other = await api(ctx().app, 'POST', '/api/order', { token: ana.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: ana.billingId } });
      assert.equal((await del(oe, added.body.data.id, other.body.data.id)).status, 404, 'a note of another order');
      assert.equal((await del(emp, second.body.data.id)).status, 200);
      assert.equal((await del(emp, second.body.data.id)).status, 404);
      assert.deepEqual((await notes(oe)).body.data.map((n: any) => n.text), [secret]);
    });

    it('notes: bad inputs are 400 with the Spanish message and write nothing; unknown orders 404', async () => {
      const before = (await notes(oe)).body.data.length;
      for (const body of [{}, { text: '' }, { text: '   \n ' }, { text: 'x'.repeat(2001) }, { text: 42 }, { text: ['a'] }, { text: 'a\u0000b' }]) {
        const r = await addNote(oe, body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.body.message, 'Los parametros son incorrectos');
      }
      assert.equal((await addNote(oe, { text: 'x'.repeat(2000) })).status, 201, '2000 characters fit');
      assert.equal((await notes(oe)).body.data.length, before + 1);
      assert.equal((await addNote(oe, { text: 'hola' }, 2_000_000_000)).status, 404);
      assert.equal((await notes(oe, 2_000_000_000)).status, 404);
      assert.equal((await api(ctx().app, 'GET', '/api/staff/orders/abc/notes', { token: oe })).status, 400);
      assert.equal((await api(ctx().app, 'DELETE', `/api/staff/orders/${orderId}/notes/0`, { token: oe })).status, 400);
    });

    it('a customer never sees a note: 401/403 on the staff routes, nothing in the order, chat or notifications', async () => {
      const marker = 'solo-personal-7f3a';
      assert.equal((await addNote(oe, { text: marker })).status, 201);
      assert.equal((await notes(ana.token)).status, 403, 'the order’s own customer');
      assert.equal((await addNote(ana.token, { text: 'intento' })).status, 403);
      assert.equal((await notes(null)).status, 401);
      assert.equal((await api(ctx().app, 'DELETE', `/api/staff/orders/${orderId}/notes/1`, { token: ana.token })).status, 403);

      const own = await api(ctx().app, 'GET', `/api/order/${orderId}`, { token: ana.token });
      assert.equal(own.status, 200);
      assert.ok(!own.raw.includes(marker), 'not in the customer’s order');
      assert.equal('notes' in own.body.data, false);
      assert.equal('assignee' in own.body.data, false);
      for (const path of [`/api/order/${orderId}/messages`, '/api/notifications/client', '/api/order/myOrders']) {
        const r = await api(ctx().app, 'GET', path, { token: ana.token });
        assert.ok(!r.raw.includes(marker), path);
      }
    });

    it('live: a note reaches the Staff room, never the order’s room where the customer listens', async () => {
      const staffSocket = await connect(url(), emp);
      const customer = await connect(url(), ana.token);
      const joined = await ask(customer, 'joinRoom', `Order-${orderId}`);
      assert.equal(joined.ok, true);
      const heard = nextEvent(staffSocket, 'orderChanged', 3000, (p: any) => p.orderId === orderId && p.kind === 'note');
      const quiet = silence(customer, 'orderChanged', 500);
      const quietNotes = silence(customer, 'newNotification', 500);
      assert.equal((await addNote(oe, { text: 'en vivo' })).status, 201);
      assert.deepEqual(await heard, { orderId, kind: 'note', by: 'staff' });
      assert.equal(await quiet, true, 'the customer hears nothing');
      assert.equal(await quietNotes, true);
    });

    it('assignment: to a staff member only; the bell rings for them; the board filters by it', async () => {
      const { app } = ctx();
      const team = await api(app, 'GET', '/api/staff/team', { token: oe });
      assert.equal(team.status, 200, team.raw);
      assert.equal(team.body.data.me, oeId);
      const ids = team.body.data.members.map((m: any) => m.id);
      assert.ok(ids.includes(oeId) && ids.includes(empId));
      assert.ok(!ids.includes(ana.id), 'no customers on the team');
      assert.equal((await api(app, 'GET', '/api/staff/team', { token: ana.token })).status, 403);

      // bad assignees: a customer, nobody, not a number
      for (const body of [{ userId: ana.id }, { userId: 2_000_000_000 }]) {
        const r = await assign(oe, body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.body.message, 'Elegí a alguien del personal que atiende pedidos');
      }
      for (const body of [{}, { userId: 0 }, { userId: '5' }, { userId: 1.5 }]) assert.equal((await assign(oe, body)).status, 400, JSON.stringify(body));
      assert.equal((await assign(ana.token, { userId: ana.id })).status, 403);
      assert.equal((await assign(oe, { userId: empId }, 2_000_000_000)).status, 404);

      const before = (await api(app, 'GET', '/api/notifications/client', { token: emp })).body.data.length;
      const empSocket = await connect(url(), emp);
      const bell = nextEvent(empSocket, 'newNotification');
      const r = await assign(oe, { userId: empId });
      assert.equal(r.status, 200, r.raw);
      assert.deepEqual(r.body.data.assignee, { id: empId, name: 'Ernesto Test' });
      await bell;
      const bells = (await api(app, 'GET', '/api/notifications/client', { token: emp })).body.data;
      assert.equal(bells.length, before + 1);
      assert.match(bells[0].title, /^Pedido asignado #\d+$/);
      assert.equal(bells[0].description.startsWith('Olga Test te asignó el pedido'), true);
      assert.equal(bells[0].url, `/admin/orders/${orderId}`);

      // the order page and the board show it; the customer does not
      assert.deepEqual((await api(app, 'GET', `/api/staff/orders/${orderId}`, { token: oe })).body.data.assignee, { id: empId, name: 'Ernesto Test' });
      assert.equal('assignee' in (await api(app, 'GET', `/api/order/${orderId}`, { token: ana.token })).body.data, false);
      const board = async (q: string, token = emp) => (await api(app, 'GET', `/api/staff/orders?rows=100${q}`, { token })).body.data.items.map((o: any) => o.id) as number[];
      assert.deepEqual(await board('&assignee=me'), [orderId]);
      assert.deepEqual(await board(`&assignee=${empId}`, oe), [orderId]);
      assert.deepEqual(await board('&assignee=me', oe), []);
      assert.ok(!(await board('&assignee=none')).includes(orderId));
      const card = (await api(app, 'GET', '/api/staff/orders?rows=100&assignee=me', { token: emp })).body.data.items[0];
      assert.deepEqual(card.assignee, { id: empId, name: 'Ernesto Test' });
      for (const q of ['yo', '0', '-1', '1.5', '99999999999']) assert.equal((await api(app, 'GET', `/api/staff/orders?assignee=${q}`, { token: emp })).status, 400, q);

      // assigning oneself rings no bell; unassigning clears it
      const mine = await assign(emp, { userId: empId });
      assert.equal(mine.status, 200);
      assert.equal((await api(app, 'GET', '/api/notifications/client', { token: emp })).body.data.length, before + 1, 'same assignee: nothing new');
      const cleared = await assign(emp, { userId: null });
      assert.equal(cleared.status, 200);
      assert.equal(cleared.body.data.assignee, null);
      assert.equal(cleared.body.message, 'El pedido quedó sin asignar');
      assert.ok((await board('&assignee=none')).includes(orderId));
      assert.deepEqual(await board('&assignee=me'), []);
    });

    it('events: one per real change (note added / deleted, assigned), none on a refusal or an unchanged assignee', async () => {
      const { app } = ctx();
      const seen: { type: string; orderId: number }[] = [];
      const offs = (['order.noteAdded', 'order.noteDeleted', 'order.assigned'] as const).map((t) => app.events.on(t, 'test recorder', (e) => void seen.push(e)));
      try {
        await addNote(oe, { text: '' });
        await addNote(ana.token, { text: 'cliente' });
        await assign(oe, { userId: ana.id });
        assert.equal(seen.length, 0, 'refusals announce nothing');
        const n = await addNote(oe, { text: 'evento' });
        await api(app, 'DELETE', `/api/staff/orders/${orderId}/notes/${n.body.data.id}`, { token: emp });
        await api(app, 'DELETE', `/api/staff/orders/${orderId}/notes/${n.body.data.id}`, { token: oe });
        await assign(oe, { userId: oeId });
        await assign(oe, { userId: oeId });
        await assign(oe, { userId: null });
        assert.deepEqual(
          seen.map((e) => e.type),
          ['order.noteAdded', 'order.noteDeleted', 'order.assigned', 'order.assigned'],
        );
        const { number, ...assigned } = seen[2] as any;
        assert.deepEqual(assigned, { type: 'order.assigned', orderId, from: null, to: oeId, byUserId: oeId });
        assert.ok(number >= 1001, 'the order number, for the bell');
      } finally {
        offs.forEach((off) => off());
      }
    });

    it('orders XLSX: the CSV’s columns and rows, numbers as numbers, formulas as text; same filters', async () => {
      const { app, db } = ctx();
      await db.db.update(users).set({ name: '=HYPERLINK("http://x.example","ver")' }).where(eq(users.id, ana.id));
      const csv = await api(app, 'GET', '/api/staff/orders/export?sort=totalDesc', { token: oe });
      const xlsx = await api(app, 'GET', '/api/staff/orders/export?sort=totalDesc&format=xlsx', { token: oe });
      assert.equal(xlsx.status, 200, xlsx.raw.slice(0, 200));
      assert.equal(xlsx.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      assert.match(String(xlsx.headers['content-disposition']), /^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.xlsx"$/);
      assert.equal(xlsx.rawPayload.subarray(0, 2).toString('latin1'), 'PK', 'a zip (OOXML)');
      const rows = await readXlsx(xlsx.rawPayload);
      const csvLines = csv.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
      assert.deepEqual(rows[0], csvLines[0]!.split(';'), 'same header');
      assert.equal(rows.length, csvLines.length, 'same rows');
      assert.equal(xlsx.headers['x-export-rows'], csv.headers['x-export-rows']);
      const anas = rows.filter((r) => String(r[2]).includes('HYPERLINK'));
      assert.ok(anas.length >= 1);
      for (const r of anas) {
        assert.equal(typeof r[2], 'string');
        assert.ok((r[2] as string).startsWith("'="), 'the formula is text with an apostrophe');
      }
      const first = rows[1]!;
      assert.equal(typeof first[0], 'number', 'order number');
      assert.ok(first[1] instanceof Date, 'date');
      assert.equal(typeof first[13], 'number', 'final total');
      assert.equal(String(first[13]).replace('.', ','), csvLines[1]!.split(';')[13]!.replace(/,00$/, '').replace(/(,\d)0$/, '$1'));
      // the board's filters apply: one order by its number; the assignee filter too
      const n = first[0] as number;
      assert.equal((await readXlsx((await api(app, 'GET', `/api/staff/orders/export?format=xlsx&q=${n}`, { token: oe })).rawPayload)).length, 2);
      assert.equal((await readXlsx((await api(app, 'GET', '/api/staff/orders/export?format=xlsx&assignee=me', { token: oe })).rawPayload)).length, 1, 'header only');
      assert.equal((await api(app, 'GET', '/api/staff/orders/export?format=pdf', { token: oe })).status, 400);
      assert.equal((await api(app, 'GET', '/api/staff/orders/export?format=xlsx', { token: ana.token })).status, 403);
      await db.db.update(users).set({ name: 'Cliente' }).where(eq(users.id, ana.id));
    });

    it('customers: sort, accent-insensitive search, CSV and XLSX export with formulas neutralised; users:read only', async () => {
      const { app, db } = ctx();
      const admin = await login(app, 'staff@example.com');
      const f = await createCustomer(app, db.db, { email: 'fernandez.export@example.com' });
      await db.db.update(users).set({ name: 'Fabián', lastname: 'Fernández' }).where(eq(users.id, f.id));
      const z = await createCustomer(app, db.db, { email: 'zz.export@example.com' });
      await db.db.update(users).set({ name: '@SUM(A1)', lastname: 'Zárate' }).where(eq(users.id, z.id));

      const list = async (q: string) => (await api(app, 'GET', `/api/staff/customers?rows=100${q}`, { token: admin })).body.data.items as any[];
      const found = await list('&q=fernandez');
      assert.ok(found.some((c) => c.id === f.id), '"fernandez" finds Fernández');
      assert.ok(found.every((c) => `${c.name} ${c.lastname} ${c.email}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().includes('fernandez')));
      assert.deepEqual((await list('&q=FABIAN FERNANDEZ')).map((c) => c.id), [f.id]);
      const byName = (await list('&sort=name&q=export')).map((c) => c.lastname);
      assert.deepEqual(byName, ['Fernández', 'Zárate']);
      const newest = (await list('')).map((c) => c.createdAt);
      assert.deepEqual(newest, [...newest].sort().reverse());
      const oldest = (await list('&sort=oldest')).map((c) => c.createdAt);
      assert.deepEqual(oldest, [...oldest].sort());
      const byOrders = (await list('&sort=orders')).map((c) => c.orderCount);
      assert.deepEqual(byOrders, [...byOrders].sort((a, b) => b - a));
      assert.equal((await api(app, 'GET', '/api/staff/customers?sort=edad', { token: admin })).status, 400);

      const csv = await api(app, 'GET', '/api/staff/customers/export?q=export&sort=name', { token: admin });
      assert.equal(csv.status, 200, csv.raw);
      assert.match(String(csv.headers['content-disposition']), /^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = csv.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
      assert.equal(lines[0], 'Nombre;Apellido;Email;Teléfono;Documentos;VIP;Pedidos;Último pedido;Alta');
      assert.equal(lines.length, 3);
      assert.ok(lines[1]!.startsWith('Fabián;Fernández;fernandez.export@example.com;'));
      assert.ok(lines[2]!.startsWith("'@SUM(A1);Zárate;"), 'an @ cell is text');

      const xlsx = await api(app, 'GET', '/api/staff/customers/export?q=export&sort=name&format=xlsx', { token: admin });
      assert.equal(xlsx.status, 200);
      const rows = await readXlsx(xlsx.rawPayload);
      assert.deepEqual(rows[0], lines[0]!.split(';'));
      assert.deepEqual(rows.slice(1).map((r) => [r[0], r[1], r[6]]), [
        ['Fabián', 'Fernández', 0],
        ["'@SUM(A1)", 'Zárate', 0],
      ]);
      assert.ok(rows[1]![8] instanceof Date, 'the sign-up date is a date');

      // users:read: not the order employee, not a customer; bad formats refused
      assert.equal((await api(app, 'GET', '/api/staff/customers/export', { token: oe })).status, 403);
      assert.equal((await api(app, 'GET', '/api/staff/customers/export', { token: ana.token })).status, 403);
      assert.equal((await api(app, 'GET', '/api/staff/customers/export')).status, 401);
      assert.equal((await api(app, 'GET', '/api/staff/customers/export?format=ods', { token: admin })).status, 400);
      assert.equal((await api(app, 'GET', '/api/staff/customers/export?format=csv', { token: emp })).status, 200, 'an employee reads customers');
    });
  },
  appOptions,
);
