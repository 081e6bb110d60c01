/** The demo seed: deterministic, covers every case the storefront needs, demo accounts usable; synthetic seed. */
import assert from 'node:assert/strict';
import { it, describe } from 'node:test';
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import { CATEGORIES, DEMO_PASSWORD } from '../db/seed/data';
import { planDemoCatalogue } from '../db/seed/demo';
import { seedSynthetic } from '../db/seed';
import { config, permissions, rolePermissions, roles, transports, users } from '../db/schema';
import { describeEachDb } from './helpers';

describe('plan del catálogo de demostración', () => {
  it('es determinista', () => {
    const strip = (p: ReturnType<typeof planDemoCatalogue>) => JSON.stringify(p.map(({ imageJobs, ...rest }) => ({ ...rest, images: imageJobs.map((j) => j.svg) })));
    assert.equal(strip(planDemoCatalogue()), strip(planDemoCatalogue()));
  });

  it('cubre lo pedido: ≥80 productos, 8 categorías, variaciones 5–25, estados, ofertas, multi-categoría', () => {
    const plan = planDemoCatalogue();
    assert.ok(plan.length >= 80, `${plan.length} productos`);
    assert.equal(CATEGORIES.length, 8);
    for (const c of CATEGORIES) assert.ok(plan.some((p) => p.def.cats[0] === c.slug), c.slug);
    const variable = plan.filter((p) => p.variations.length);
    assert.ok(variable.length >= 20);
    for (const p of variable) assert.ok(p.variations.length >= 5 && p.variations.length <= 25, p.def.name);
    for (const s of ['active', 'limited', 'noStock', 'hidden'] as const) assert.ok(plan.some((p) => p.state === s), s);
    assert.ok(plan.some((p) => p.variations.some((v) => v.state === 'hidden')));
    assert.ok(plan.filter((p) => p.def.cats.length > 1).length >= 5);
    assert.ok(plan.filter((p) => p.offers.length).length > plan.length / 2);
    assert.ok(plan.some((p) => p.offers.some((o) => o.isVip)));
    assert.ok(plan.some((p) => p.offers.some((o) => o.isStrict)));
    assert.ok(plan.some((p) => p.discountCents !== null));
    assert.ok(plan.some((p) => p.isOutstanding));
    for (const p of plan) {
      assert.ok(p.imageJobs.length >= 1 && p.imageJobs.length <= 4);
      assert.ok(p.description.includes(p.sku));
      for (const o of p.offers) assert.ok(o.priceCents < (p.discountCents ?? p.priceCents));
      assert.ok(Number.isInteger(p.priceCents));
    }
    assert.equal(new Set(plan.map((p) => p.slug)).size, plan.length);
  });
});

describeEachDb('datos de demostración', (ctx) => {
  it('cuentas demo con argon2id, e-mail verificado y el rol correcto', async () => {
    const db = ctx().db.db;
    const rows = await db
      .select({ email: users.email, hash: users.passwordHash, verified: users.emailVerifiedAt, role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    for (const [email, role] of [
      ['cliente@example.com', 'customer'],
      ['vip@example.com', 'vipcustomer'],
      ['staff@example.com', 'superadmin'],
      ['admin@example.com', 'admin'],
      ['empleado@example.com', 'employee'],
      ['pedidos@example.com', 'orderemployee'],
    ]) {
      const u = byEmail.get(email);
      assert.ok(u, email);
      assert.equal(u!.role, role);
      assert.ok(u!.verified);
      assert.match(u!.hash!, /^\$argon2id\$/);
      assert.equal(await argon2.verify(u!.hash!, DEMO_PASSWORD), true);
    }
    const vipPerms = await db
      .select({ name: permissions.name, role: roles.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId));
    assert.ok(vipPerms.some((p) => p.role === 'vipcustomer' && p.name === 'isVip'));
    assert.equal(vipPerms.some((p) => p.role === 'customer'), false);
    assert.ok(vipPerms.some((p) => p.role === 'admin' && p.name === 'orders:write'));
    const roleNames = (await db.select({ name: roles.name }).from(roles)).map((r) => r.name).sort();
    assert.deepEqual(roleNames, ['admin', 'customer', 'employee', 'orderemployee', 'superadmin', 'vipcustomer']);
  });

  it('transportes (uno deshabilitado) y configuración en centavos', async () => {
    const db = ctx().db.db;
    const t = await db.select().from(transports);
    assert.ok(t.filter((x) => x.fatherId === null).length >= 6);
    assert.ok(t.some((x) => !x.isAble));
    assert.ok(t.some((x) => x.name === 'Vía Cargo'));
    const [c] = await db.select().from(config);
    assert.equal(c!.minOrderPriceCents, 10_000_000);
    assert.equal(c!.minLocalPriceCents, 5_000_000);
  });

  it('el catálogo sintético agrega productos visibles, y se puede repetir', async () => {
    const before = (await ctx().get('/api/products?rows=1')).body.data.total as number;
    const r1 = await seedSynthetic(ctx().db.db, { count: 60, seed: 7 });
    const r2 = await seedSynthetic(ctx().db.db, { count: 40, seed: 8 });
    assert.equal(r1.parents + r2.parents, 100);
    ctx().app.catalogueCache.invalidate();
    const after = (await ctx().get('/api/products?rows=1')).body.data.total as number;
    const hiddenNew = ((await ctx().db.db.execute(
      sql`select count(*)::int as n from products where sku like 'SYN-%' and parent_id is null and state = 'hidden'`,
    )) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    assert.equal(after, before + 100 - hiddenNew);
    const syn = (await ctx().get('/api/products/search?query=linea%2099')).body.data.items;
    assert.ok(Array.isArray(syn));
  });
});
