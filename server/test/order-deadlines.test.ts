/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Issue 24 §1: budgets that expire, payments that are due. The staff settings (budgetValidDays,
 * paymentDueDays: defaults, validation, permission), the expiry a budget gets when it is sent, the accept that
 * an expired budget refuses (409 BUDGET_EXPIRED) and one just before expiry allows, the customer's request for
 * an updated budget (owner only, expired only, staff notified once), staff's new budget (a new expiry), the
 * board's flags and filters, and the reminder job: each reminder once, even with two runners at the same time,
 * bell + mail with a working unsubscribe.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { DomainEvent } from '../events';
import { orderDocuments, orders, users } from '../db/schema';
import { orderDeadlinesJob } from '../scheduler/jobs';
import { budgetExpiresAt, endOfShopDay, lastValidDay, validUntilEs } from '../../lib/orders/deadlines';
import { mailsTo, memoryMailer, tokenFromMail, signedInAppOptions } from './auth-fixtures';
import { describeEachDb } from './helpers';
import { api, createCustomer, orderSuite, tokensByRole, type Customer, type TestCatalogue } from './orders-fixtures';

const mailer = memoryMailer();
const appOptions = signedInAppOptions(mailer);

function record(app: FastifyInstance) {
  const events: DomainEvent[] = [];
  const types = ['order.budgetUpdateRequested', 'order.budgetExpiring', 'order.paymentOverdue'] as const;
  const offs = types.map((t) => app.events.on(t, 'test recorder', (e) => void events.push(e)));
  return { events, stop: () => offs.forEach((off) => off()) };
}

/** Mails leave in the background: wait until `n` of that kind reached `to` (or fail after 5 s). */
async function waitForMails(to: string, kind: string, n: number) {
  const until = Date.now() + 5_000;
  while (mailsTo(mailer, to, kind).length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return mailsTo(mailer, to, kind);
}

const silentLog = { info() {}, warn() {}, error() {} };

describeEachDb(
  'plazos: presupuestos que vencen y pagos pendientes',
  (ctx) => {
    let cat: TestCatalogue, ana: Customer, beto: Customer;
    let tokens: Record<string, string>;
    const anaEmail = 'ana.plazos@example.com';

    before(async () => {
      const { app, db } = ctx();
      tokens = await tokensByRole(app, db.db, ['admin', 'employee', 'orderemployee'], (role) => `plazos.${role}@example.com`, (role) => role);
      ({ cat, customers: { ana, beto } } = await orderSuite(app, db.db, { ana: anaEmail, beto: 'beto.plazos@example.com' }, [100, 100]));
    });

    const newOrder = async (who = ana) => {
      const r = await api(ctx().app, 'POST', '/api/order', { token: who.token, body: { products: [{ id: cat.exact, quantity: 5 }], billingDataId: who.billingId, toSucc: true } });
      assert.equal(r.status, 201, r.raw);
      return r.body.data as { id: number; number: number };
    };
    const sendBudget = (id: number) => api(ctx().app, 'POST', `/api/staff/orders/${id}/budget`, { token: tokens.orderemployee, body: { items: [], bonus: 0 } });
    const budgeted = async (who = ana) => {
      const o = await newOrder(who);
      const r = await sendBudget(o.id);
      assert.equal(r.status, 200, r.raw);
      return o;
    };
    /** What a test helper does in the e2e suite too: move the deadline in the database. */
    const setExpiry = (id: number, at: Date) => ctx().db.db.update(orders).set({ budgetExpiresAt: at }).where(eq(orders.id, id));
    const detail = async (id: number, token = ana.token) => (await api(ctx().app, 'GET', `/api/order/${id}`, { token })).body.data;
    const accept = (id: number, token = ana.token) => api(ctx().app, 'POST', `/api/order/${id}/accept`, { token });
    const requestBudget = (id: number, token: string | null = ana.token) => api(ctx().app, 'POST', `/api/order/${id}/request-budget`, { token });
    const bell = async (token: string) => (await api(ctx().app, 'GET', '/api/notifications/client', { token })).body.data as { title: string; description: string; url: string }[];
    const board = async (query: string) => (await api(ctx().app, 'GET', `/api/staff/orders?rows=100${query}`, { token: tokens.orderemployee })).body.data;

    /* -------------------------------------------------------------- config */

    it('staff settings: defaults 7 and 5, changed by config:write, every bad value refused with 400', async () => {
      const { app } = ctx();
      const read = await api(app, 'GET', '/api/staff/config', { token: tokens.admin });
      assert.equal(read.status, 200, read.raw);
      assert.equal(read.body.data.budgetValidDays, 7);
      assert.equal(read.body.data.paymentDueDays, 5);
      const settings = await api(app, 'GET', '/api/staff/settings', { token: tokens.admin });
      assert.equal(settings.body.data.config.budgetValidDays, 7);

      const ok = await api(app, 'PATCH', '/api/staff/config', { token: tokens.admin, body: { budgetValidDays: 10, paymentDueDays: 3 } });
      assert.equal(ok.status, 200, ok.raw);
      assert.equal(ok.body.data.budgetValidDays, 10);
      assert.equal(ok.body.data.paymentDueDays, 3);

      for (const bad of [0, -1, 91, 2.5, '7', null, true, 1e9]) {
        for (const field of ['budgetValidDays', 'paymentDueDays']) {
          const r = await api(app, 'PATCH', '/api/staff/config', { token: tokens.admin, body: { [field]: bad } });
          assert.equal(r.status, 400, `${field}=${String(bad)}: ${r.raw}`);
          assert.equal(r.body.success, false);
          assert.equal(typeof r.body.code, 'string');
        }
      }
      // without config:write (an employee works orders and products, not the configuration) and customers: 403
      assert.equal((await api(app, 'PATCH', '/api/staff/config', { token: tokens.employee, body: { budgetValidDays: 3 } })).status, 403);
      assert.equal((await api(app, 'PATCH', '/api/staff/config', { token: ana.token, body: { budgetValidDays: 3 } })).status, 403);
      assert.equal((await api(app, 'PATCH', '/api/staff/config', { body: { budgetValidDays: 3 } })).status, 401);
      // nothing of the refused ones was written
      const after = await api(app, 'GET', '/api/staff/config', { token: tokens.admin });
      assert.deepEqual([after.body.data.budgetValidDays, after.body.data.paymentDueDays], [10, 3]);
      // the public configuration does not carry them
      const pub = await api(app, 'GET', '/api/config');
      assert.equal(pub.body.data.budgetValidDays, undefined);

      // a budget sent now is valid for the configured 10 days
      const o = await newOrder();
      const before = new Date();
      assert.equal((await sendBudget(o.id)).status, 200);
      const d = await detail(o.id);
      assert.equal(lastValidDay(new Date(d.budgetExpiresAt)), lastValidDay(budgetExpiresAt(before, 10)));

      await api(app, 'PATCH', '/api/staff/config', { token: tokens.admin, body: { budgetValidDays: 7, paymentDueDays: 5 } });
    });

    /* ------------------------------------------------------------- budgets */

    it('a budget carries its expiry (7 shop days); it can be accepted just before it, and the payment is then due', async () => {
      const o = await newOrder();
      const sentAt = new Date();
      await sendBudget(o.id);
      const d = await detail(o.id);
      assert.equal(d.state, 'review');
      assert.equal(d.budgetExpiresAt, budgetExpiresAt(sentAt, 7).toISOString());
      assert.equal(d.budgetExpired, false);
      assert.equal(d.actions.accept, true);
      assert.equal(d.actions.requestBudget, false);

      // the budget mail says until when
      const mails = await waitForMails(anaEmail, 'order-budget', 1);
      const mail = mails.find((m) => m.subject.includes(`N° ${o.number}`));
      assert.ok(mail, 'the budget mail');
      assert.ok(mail.text.includes(`Válido hasta ${validUntilEs(new Date(d.budgetExpiresAt))}.`), mail.text);
      assert.match(mail.headers!['List-Unsubscribe']!, /unsubscribe=1/);

      await setExpiry(o.id, new Date(Date.now() + 3_000));
      const ok = await accept(o.id);
      assert.equal(ok.status, 200, ok.raw);
      assert.equal(ok.body.data.state, 'accepted');
      const acceptedAt = new Date(ok.body.data.confirmedAt);
      assert.equal(lastValidDay(new Date(ok.body.data.paymentDueAt)), lastValidDay(budgetExpiresAt(acceptedAt, 5)));
    });

    it('an expired budget cannot be accepted: 409 BUDGET_EXPIRED in Spanish; the order stays in review, marked expired', async () => {
      const { app } = ctx();
      const o = await budgeted();
      const expiredAt = new Date(Date.now() - 1_000);
      await setExpiry(o.id, expiredAt);
      const r = await accept(o.id);
      assert.equal(r.status, 409, r.raw);
      assert.equal(r.body.code, 'BUDGET_EXPIRED');
      assert.equal(r.body.message, `Este presupuesto venció el ${validUntilEs(expiredAt)} y ya no se puede aceptar: pedí un presupuesto actualizado con los precios de hoy`);
      const d = await detail(o.id);
      assert.equal(d.state, 'review');
      assert.equal(d.budgetExpired, true);
      assert.equal(d.actions.accept, false);
      assert.equal(d.actions.requestBudget, true);
      // the board flags it and its filter finds it; staff may still accept on the customer's behalf (the table allows it)
      const expired = await board('&deadline=budgetExpired');
      const row = expired.items.find((x: any) => x.id === o.id);
      assert.ok(row, 'listed under "vencido"');
      assert.deepEqual(row.flags, { budgetDueToday: false, budgetExpired: true, paymentOverdue: false });
      assert.ok(expired.items.every((x: any) => x.flags.budgetExpired), 'the filter and the flag agree');
      const byStaff = await api(app, 'POST', `/api/staff/orders/${o.id}/state`, { token: tokens.orderemployee, body: { to: 'accepted' } });
      assert.equal(byStaff.status, 200, byStaff.raw);
    });

    it('asking for an updated budget: only the owner, only once expired; staff are told once; a new budget sets a new expiry', async () => {
      const { app } = ctx();
      const o = await budgeted();
      // still valid: 409; a guest 401; someone else (customer or staff through the customer route) 404
      const early = await requestBudget(o.id);
      assert.equal(early.status, 409, early.raw);
      assert.equal(early.body.code, 'BUDGET_NOT_EXPIRED');
      assert.equal(early.body.message, 'Sólo se puede pedir un presupuesto actualizado cuando el presupuesto venció');
      await setExpiry(o.id, new Date(Date.now() - 1_000));
      assert.equal((await requestBudget(o.id, null)).status, 401);
      assert.equal((await requestBudget(o.id, beto.token)).status, 404);
      assert.equal((await requestBudget(o.id, tokens.orderemployee)).status, 404);
      assert.equal((await requestBudget(999_999)).status, 404);
      assert.equal((await api(app, 'POST', '/api/order/abc/request-budget', { token: ana.token })).status, 400);
      // an order that is not awaiting the customer's acceptance has no budget to renew
      const fresh = await newOrder();
      assert.equal((await requestBudget(fresh.id)).body.code, 'BUDGET_NOT_EXPIRED');

      const rec = record(app);
      const staffBefore = (await bell(tokens.orderemployee)).filter((n) => n.url === `/admin/orders/${o.id}`).length;
      const r = await requestBudget(o.id);
      assert.equal(r.status, 200, r.raw);
      assert.equal(r.body.message, 'Le avisamos a la tienda: te van a mandar un presupuesto actualizado');
      assert.equal(r.body.data.state, 'review', 'the order stays in review');
      assert.ok(r.body.data.budgetUpdateRequestedAt);
      assert.equal(r.body.data.actions.requestBudget, false);
      const again = await requestBudget(o.id);
      assert.equal(again.status, 200, 'asking twice answers the same');
      rec.stop();
      assert.deepEqual(rec.events.map((e) => e.type), ['order.budgetUpdateRequested'], 'staff hear of it once');
      const staffBell = (await bell(tokens.orderemployee)).filter((n) => n.url === `/admin/orders/${o.id}`);
      assert.equal(staffBell.length, staffBefore + 1);
      assert.equal(staffBell[0]!.title, `Piden presupuesto actualizado #${o.number}`);

      // staff send a new budget (review → review): a new expiry from today, the request cleared, acceptable again
      const sentAt = new Date();
      const resend = await sendBudget(o.id);
      assert.equal(resend.status, 200, resend.raw);
      assert.equal(resend.body.data.state, 'review');
      assert.equal(resend.body.data.budgetExpiresAt, budgetExpiresAt(sentAt, 7).toISOString());
      assert.equal(resend.body.data.budgetUpdateRequestedAt, null);
      assert.equal(resend.body.data.budgetExpired, false);
      assert.equal((await accept(o.id)).status, 200);
    });

    /* ---------------------------------------------------------------- job */

    it('budget reminders: each once, even with two runners of the job at the same time; bell + mail with unsubscribe', async () => {
      const { app, db } = ctx();
      const job = orderDeadlinesJob(app.events);
      const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
      const due: number[] = [];
      for (let i = 0; i < 8; i++) {
        const o = await budgeted(i % 2 ? beto : ana);
        await setExpiry(o.id, inTwoHours);
        due.push(o.id);
      }
      // not due: expires in 3 days, or already expired
      const later = await budgeted();
      await setExpiry(later.id, new Date(Date.now() + 3 * 86_400_000));
      const gone = await budgeted();
      await setExpiry(gone.id, new Date(Date.now() - 1_000));
      const mailsBefore = mailsTo(mailer, anaEmail, 'order-budget-expiring').length;

      const rec = record(app);
      const run = () => job.run({ db: db.db, log: silentLog, signal: new AbortController().signal, tick: 1 });
      await Promise.all([run(), run()]);
      await run();
      rec.stop();
      const reminded = rec.events.filter((e) => e.type === 'order.budgetExpiring').map((e) => e.orderId);
      assert.deepEqual([...reminded].sort((a, b) => a - b), [...due].sort((a, b) => a - b), 'every due budget exactly once');

      const rows = await db.db.select({ id: orders.id, at: orders.budgetReminderAt }).from(orders).where(inArray(orders.id, [...due, later.id, gone.id]));
      for (const r of rows) assert.equal(r.at !== null, due.includes(r.id), `mark of ${r.id}`);

      const anaDue = due.filter((_, i) => i % 2 === 0);
      const notes = (await bell(ana.token)).filter((n) => n.title === 'Tu presupuesto está por vencer');
      assert.equal(notes.filter((n) => anaDue.some((id) => n.url === `/order/${id}`)).length, anaDue.length, 'one bell per budget');
      const mails = await waitForMails(anaEmail, 'order-budget-expiring', mailsBefore + anaDue.length);
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(mailsTo(mailer, anaEmail, 'order-budget-expiring').length, mailsBefore + anaDue.length, 'one mail per budget');
      const mail = mails.at(-1)!;
      assert.ok(mail.text.includes(`válido hasta ${validUntilEs(inTwoHours)}`), mail.text);
      assert.match(mail.headers!['List-Unsubscribe']!, /suscriptions\?token=.*unsubscribe=1/);
    });

    it('the "sent" mark is claimed atomically: two concurrent claims of the same reminders never both win', async () => {
      const { app, db } = ctx();
      const job = orderDeadlinesJob(app.events);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const o = await budgeted(beto);
        await setExpiry(o.id, new Date(Date.now() + 3_600_000));
        ids.push(o.id);
      }
      for (let round = 0; round < 3; round++) {
        await db.db.update(orders).set({ budgetReminderAt: null }).where(inArray(orders.id, ids));
        const rec = record(app);
        await Promise.all([0, 1, 2].map(() => job.run({ db: db.db, log: silentLog, signal: new AbortController().signal, tick: round })));
        rec.stop();
        const got = rec.events.filter((e) => e.type === 'order.budgetExpiring').map((e) => e.orderId);
        assert.equal(got.length, ids.length, `round ${round}: ${got.join(',')}`);
        assert.equal(new Set(got).size, ids.length);
      }
    });

    it('payment reminders: an accepted order without proof after the days to pay, once; none with a proof or paid in full', async () => {
      const { app, db } = ctx();
      const job = orderDeadlinesJob(app.events);
      const accepted = async () => {
        const o = await budgeted();
        assert.equal((await accept(o.id)).status, 200);
        await db.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, o.id));
        return o;
      };
      const overdue = await accepted();
      const withProof = await accepted();
      await db.db.insert(orderDocuments).values({ orderId: withProof.id, kind: 'proof', fileUrl: 'orders/x/proof.pdf', data: {} });
      const paid = await accepted();
      const total = (await detail(paid.id)).finalTotal as number;
      const p = await api(app, 'POST', `/api/staff/orders/${paid.id}/payments`, { token: tokens.orderemployee, body: { amount: String(total).replace('.', ','), method: 'cash' } });
      assert.equal(p.status, 201, p.raw);
      const notYet = await budgeted();
      await accept(notYet.id); // due in 5 days

      // the board: "pago vencido" flag and filter
      const list = await board('&deadline=paymentOverdue');
      const listed = list.items.map((x: any) => x.id);
      assert.ok(listed.includes(overdue.id));
      for (const id of [withProof.id, paid.id, notYet.id]) assert.ok(!listed.includes(id), `${id} is not overdue`);
      assert.ok(list.items.every((x: any) => x.flags.paymentOverdue));

      const mailsBefore = mailsTo(mailer, anaEmail, 'order-payment-overdue').length;
      const rec = record(app);
      await Promise.all([job.run({ db: db.db, log: silentLog, signal: new AbortController().signal, tick: 1 }), job.run({ db: db.db, log: silentLog, signal: new AbortController().signal, tick: 1 })]);
      await job.run({ db: db.db, log: silentLog, signal: new AbortController().signal, tick: 2 });
      rec.stop();
      const reminded = rec.events.filter((e) => e.type === 'order.paymentOverdue').map((e) => e.orderId);
      assert.ok(reminded.includes(overdue.id));
      assert.equal(reminded.filter((id) => id === overdue.id).length, 1, 'once');
      for (const id of [withProof.id, paid.id, notYet.id]) assert.ok(!reminded.includes(id));
      const note = (await bell(ana.token)).filter((n) => n.url === `/order/${overdue.id}` && n.title === 'Falta el comprobante de pago');
      assert.equal(note.length, 1);
      const mails = await waitForMails(anaEmail, 'order-payment-overdue', mailsBefore + 1);
      assert.ok(mails.some((m) => m.subject.includes(`N° ${overdue.number}`)));
    });

    it('"vence hoy": the board flags and filters the budgets whose last valid day is today', async () => {
      const today = await budgeted();
      const now = new Date();
      await setExpiry(today.id, endOfShopDay(now));
      const tomorrow = await budgeted();
      await setExpiry(tomorrow.id, new Date(endOfShopDay(now).getTime() + 86_400_000));
      const list = await board('&deadline=budgetDueToday');
      const ids = list.items.map((x: any) => x.id);
      assert.ok(ids.includes(today.id));
      assert.ok(!ids.includes(tomorrow.id));
      assert.ok(list.items.every((x: any) => x.flags.budgetDueToday && !x.flags.budgetExpired));
      const all = await board('');
      assert.equal(all.items.find((x: any) => x.id === tomorrow.id)?.flags.budgetDueToday ?? false, false);
      assert.equal((await api(ctx().app, 'GET', '/api/staff/orders?deadline=soon', { token: tokens.orderemployee })).status, 400);
    });

    it('orders awaiting a budget or a payment without a deadline (from before deadlines) get one, counted from the run', async () => {
      const { app, db } = ctx();
      const review = await budgeted();
      const accepted = await budgeted();
      assert.equal((await accept(accepted.id)).status, 200);
      // as migration 0016 left the orders that were already there
      await db.db.update(orders).set({ budgetExpiresAt: null }).where(eq(orders.id, review.id));
      await db.db.update(orders).set({ paymentDueAt: null }).where(eq(orders.id, accepted.id));
      assert.equal((await detail(review.id)).budgetExpiresAt, null);

      const rec = record(app);
      const at = new Date();
      await orderDeadlinesJob(app.events).run({ db: db.db, log: silentLog, signal: new AbortController().signal, tick: 1 });
      rec.stop();
      const [r] = await db.db.select({ at: orders.budgetExpiresAt }).from(orders).where(eq(orders.id, review.id));
      const [a] = await db.db.select({ at: orders.paymentDueAt }).from(orders).where(eq(orders.id, accepted.id));
      assert.equal(r!.at?.toISOString(), budgetExpiresAt(at, 7).toISOString(), 'the configured 7 days from the run');
      assert.ok(a!.at && a.at.getTime() > Date.now(), 'a payment due in the future, not an overdue one at once');
      assert.equal(rec.events.filter((e) => [review.id, accepted.id].includes((e as { orderId: number }).orderId)).length, 0, 'no reminder for a deadline just given');
      assert.equal((await detail(review.id)).budgetExpired, false);
      assert.equal((await accept(review.id)).status, 200, 'still acceptable');
    });

    it('unsubscribed customers get the bell but no reminder mail; the unsubscribe link of the mail works', async () => {
      const { app, db } = ctx();
      const carla = await createCustomer(app, db.db, { email: 'carla.plazos@example.com' });
      // the mailer is shared by the PGlite and the PostgreSQL suites: this run's mail is the newest
      const before = mailsTo(mailer, 'carla.plazos@example.com', 'order-budget').length;
      const o = await budgeted(carla);
      const budgetMail = (await waitForMails('carla.plazos@example.com', 'order-budget', before + 1)).at(-1);
      const token = tokenFromMail(budgetMail, 'subscriptions');
      const off = await api(app, 'POST', `/api/user/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`, { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.equal(off.status, 200, off.raw);
      const [row] = await db.db.select({ wants: users.mailOrderUpdates }).from(users).where(eq(users.id, carla.id));
      assert.equal(row!.wants, false);

      const remindersBefore = mailsTo(mailer, 'carla.plazos@example.com', 'order-budget-expiring').length;
      await setExpiry(o.id, new Date(Date.now() + 3_600_000));
      await orderDeadlinesJob(app.events).run({ db: db.db, log: silentLog, signal: new AbortController().signal, tick: 1 });
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(mailsTo(mailer, 'carla.plazos@example.com', 'order-budget-expiring').length, remindersBefore, 'no reminder mail');
      assert.equal((await bell(carla.token)).filter((n) => n.url === `/order/${o.id}` && n.title === 'Tu presupuesto está por vencer').length, 1, 'the bell still rings');
    });
  },
  appOptions,
);
