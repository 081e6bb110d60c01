/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI schemas and answers are JSON read loosely */
/**
 * Property-based fuzzing of EVERY operation of the OpenAPI document (PGlite only, to keep it fast).
 * Requests are derived from each route's JSON schemas — path params, querystring, JSON body or multipart —
 * as schema-valid values, real ids of the test world, and hostile mutations (wrong types, huge and
 * unicode strings, NaN / negative / huge numbers, dropped and extra keys, __proto__ / constructor keys,
 * broken JSON, lying content types, random files). Sent as a guest, a signed-in customer and (on staff
 * routes) staff. Properties, for every answer:
 *   - never a 5xx;
 *   - a 4xx is the JSON envelope `{ success: false, message }` with a Spanish message, no stack;
 *   - a 4xx wrote nothing (a fingerprint of the key tables is unchanged);
 *   - Object.prototype is never polluted.
 * Reproduce a failure with the printed seed: FUZZ_SEED=<seed> node scripts/test-api.mjs fuzz
 * (FUZZ_RUNS=<n> changes the runs per route; the default keeps the whole file under a minute).
 */
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createTestContext } from './helpers';
import { memoryMailer } from './auth-fixtures';
import { PDF, PNG } from './orders-fixtures';
import {
  buildWorld,
  changedTables,
  errorEnvelopeProblem,
  fillPath,
  hostileString,
  mutate,
  operations,
  queryString,
  rawHostileBody,
  resetConfig,
  tablesFingerprint,
  toJson,
  validArb,
  type Actor,
  type Operation,
  type World,
} from './hostile-fixtures';

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 0);

type Body = { kind: 'none' } | { kind: 'json'; text: string; contentType: string } | { kind: 'multipart'; payload: Buffer; contentType: string };
type Case = { actor: Actor; params: Record<string, string>; query: Record<string, unknown>; body: Body };

const describeCase = (c: Case, url: string) => {
  const body = c.body.kind === 'json' ? c.body.text.slice(0, 300) : c.body.kind === 'multipart' ? `<multipart ${c.body.payload.length} B>` : '';
  return `${c.actor} ${url} ${body}`;
};

/** A multipart body: a real or random file under a hostile name and a lying content type, maybe extra fields. */
const multipartArb: fc.Arbitrary<Body> = fc
  .record({
    filename: fc.oneof(
      fc.constantFrom('comprobante.pdf', 'foto.png', '../../etc/passwd.pdf', '..\\..\\win.ini.png', 'a"b\r\nX-Injected: 1.pdf', '\u0000.pdf', '😀.webp', '.pdf'),
      hostileString.map((s) => s.slice(0, 300)),
    ),
    content: fc.oneof(
      fc.constantFrom(PDF, PNG, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), Buffer.from('<html><script>x</script></html>'), Buffer.alloc(0)),
      fc.uint8Array({ maxLength: 2048 }).map((u) => Buffer.from(u)),
      fc.uint8Array({ maxLength: 512 }).map((u) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(u)])),
    ),
    type: fc.constantFrom('application/pdf', 'image/png', 'text/html', 'application/x-msdownload', ''),
    field: fc.option(fc.tuple(fc.constantFrom('kind', '__proto__', 'constructor', 'x'), hostileString.map((s) => s.slice(0, 200))), { nil: undefined }),
    fileField: fc.constantFrom('file', 'archivo', '__proto__'),
    broken: fc.boolean(),
  })
  .map(({ filename, content, type, field, fileField, broken }) => {
    const boundary = '----fuzz7MA4YWxkTrZu0gW';
    const chunks: Buffer[] = [];
    if (field) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field[0]}"\r\n\r\n${field[1]}\r\n`));
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${filename}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`));
    chunks.push(content, Buffer.from('\r\n'));
    if (!broken) chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { kind: 'multipart' as const, payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  });

const contentTypeArb = fc.constantFrom('application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded');

function bodyArb(op: Operation): fc.Arbitrary<Body> {
  const variants: fc.Arbitrary<Body>[] = [];
  if (op.bodySchema) {
    const valid = validArb(op.bodySchema);
    variants.push(
      valid.map((v) => ({ kind: 'json' as const, text: toJson(v), contentType: 'application/json' })),
      fc.tuple(mutate(op.bodySchema, valid), contentTypeArb).map(([v, ct]) => ({ kind: 'json' as const, text: toJson(v), contentType: ct })),
      fc.tuple(mutate(op.bodySchema, valid), fc.constant('application/json')).map(([v, ct]) => ({ kind: 'json' as const, text: toJson(v), contentType: ct })),
    );
  }
  if (op.multipart) variants.push(multipartArb, multipartArb);
  variants.push(
    rawHostileBody.map((text) => ({ kind: 'json' as const, text, contentType: 'application/json' })),
    fc.constant<Body>({ kind: 'none' }),
  );
  return fc.oneof(...variants);
}

function paramArb(op: Operation, pool: number[]): fc.Arbitrary<Record<string, string>> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.pathParams) {
    model[p.name] = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...pool).map(String) },
      { weight: 2, arbitrary: validArb(p.schema).map((v) => String(v ?? '')) },
      { weight: 2, arbitrary: hostileString.map((s) => s.slice(0, 400)) },
    );
  }
  return fc.record(model);
}

function queryArb(op: Operation, w: World): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const q of op.queryParams) {
    const valid = q.name === 'token' ? fc.constantFrom(w.unsubscribeToken, `${w.unsubscribeToken}x`) : validArb(q.schema);
    model[q.name] = fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) });
  }
  const known = Object.keys(model);
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', '__proto__[polluted]', 'constructor[prototype][polluted]', 'extra', ...known), hostileString), { nil: undefined }),
    )
    .map(([q, extra]) => (extra ? { ...q, [extra[0]]: extra[1] } : q));
}

function validQueryArb(op: Operation, w: World): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const q of op.queryParams) model[q.name] = q.name === 'token' ? fc.constant(w.unsubscribeToken) : validArb(q.schema);
  const required = op.queryParams.filter((q) => q.required).map((q) => q.name);
  return fc.record(model, { requiredKeys: required as never[] });
}

const validBodyArb = (schema: any): fc.Arbitrary<Body> =>
  validArb(schema).map((v) => ({ kind: 'json' as const, text: toJson(v), contentType: 'application/json' }));

describe('fuzz: entradas derivadas del documento OpenAPI [pglite]', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  let w: World;
  let ops: Operation[];
  let fingerprint: Record<string, string>;
  let cases = 0;
  const statuses = new Map<number, number>();
  const started = Date.now();

  before(async () => {
    ctx = await createTestContext('pglite', {
      auth: { mailer: memoryMailer(), limits: { loginPerIp: { max: 1e6, windowMs: 60_000 }, sensitivePerIp: { max: 1e6, windowMs: 60_000 } } },
    });
    w = await buildWorld(ctx.app, ctx.db.db);
    ops = await operations(ctx.app);
    fingerprint = await tablesFingerprint(ctx.db.db);
  });
  after(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`# fuzz: ${cases} casos sobre ${ops?.length ?? 0} rutas en ${seconds} s (semilla ${SEED}); estados: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    await ctx.dispose();
  });

  it('cubre todas las rutas del documento', () => {
    assert.ok(ops.length >= 60, `sólo ${ops.length} rutas`);
  });

  it('ninguna respuesta 5xx; 4xx en castellano y sin escribir; sin contaminar prototipos', async () => {
    const pool = [
      w.a.orderId,
      w.a.cancelOrderId,
      w.a.addressId,
      w.a.putAddressId,
      w.a.billingId,
      w.a.notificationId,
      w.a.documentId,
      w.a.messageId,
      w.victim.orderId,
      w.victim.userId,
      w.cat.simple,
      w.cat.variable,
      w.cat.hidden,
      w.b.addressId,
      1,
      0,
      2147483647,
      2147483648,
      9999999999,
    ];
    for (const [index, op] of ops.entries()) {
      const staffRoute = op.path.startsWith('/api/staff/') || op.key === 'POST /api/auth/autoLoginLink';
      const actors: Actor[] = staffRoute ? ['guest', 'A', 'staff'] : op.secured ? ['guest', 'A', 'B'] : ['guest', 'A'];
      // fewer runs where every request is cheap and alike (no input at all)
      const inputs = op.pathParams.length + op.queryParams.length + (op.bodySchema ? 3 : 0) + (op.multipart ? 3 : 0);
      const numRuns = RUNS || (inputs === 0 ? 10 : staffRoute ? 36 : 32);
      const noBody = op.method === 'GET' || op.method === 'DELETE';
      const hostileCase: fc.Arbitrary<Case> = fc.record({
        actor: fc.constantFrom(...actors),
        params: paramArb(op, pool),
        query: queryArb(op, w),
        body: noBody ? fc.constant<Body>({ kind: 'none' }) : bodyArb(op),
      });
      // a third of the cases are wholly schema-valid with real ids, so that handlers (not only validation) run
      const validCase: fc.Arbitrary<Case> = fc.record({
        actor: fc.constantFrom(...actors),
        params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, fc.constantFrom(...pool.slice(0, 14)).map(String)]))),
        query: validQueryArb(op, w),
        body: noBody || (!op.bodySchema && !op.multipart) ? fc.constant<Body>({ kind: 'none' }) : op.bodySchema ? validBodyArb(op.bodySchema) : multipartArb,
      });
      const caseArb = fc.oneof({ weight: 1, arbitrary: validCase }, { weight: 2, arbitrary: hostileCase });
      const seed = SEED + index;
      await fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          const url = fillPath(op.path, c.params) + queryString(c.query);
          const headers: Record<string, string> = {};
          const token = w.tokens[c.actor];
          if (token) headers.authorization = `Bearer ${token}`;
          let payload: string | Buffer | undefined;
          if (c.body.kind !== 'none') {
            headers['content-type'] = c.body.contentType;
            payload = c.body.kind === 'json' ? c.body.text : c.body.payload;
          }
          const res = await ctx.app.inject({ method: op.method as InjectOptions['method'], url, headers, payload });
          cases++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${op.key}: ${describeCase(c, url)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          assert.ok(res.statusCode < 500, `5xx — ${where}`);
          if (res.statusCode >= 400) {
            const problem = errorEnvelopeProblem(res);
            assert.equal(problem, null, `${problem} — ${where}`);
          }
          // GETs and refusals must not write; other answers set a new baseline
          if (res.statusCode >= 400 || op.method === 'GET') {
            const now = await tablesFingerprint(ctx.db.db);
            const changed = changedTables(fingerprint, now);
            fingerprint = now;
            assert.deepEqual(changed, [], `escribió en ${changed.join(', ')} — ${where}`);
          } else {
            fingerprint = await tablesFingerprint(ctx.db.db);
          }
          assert.equal(({} as any).polluted, undefined, `Object.prototype contaminado — ${where}`);
          assert.equal(Object.getOwnPropertyNames(Object.prototype).includes('polluted'), false);
        }),
        { seed, numRuns, endOnFailure: true },
      ).catch((err: Error) => {
        const cause = (err.cause as Error | undefined)?.message ?? '';
        throw new Error(`${op.key} (FUZZ_SEED=${SEED}, semilla de la ruta ${seed}): ${cause.slice(0, 2000)}\n${err.message.slice(0, 1500)}`);
      });
      if (staffRoute) {
        await resetConfig(ctx.db.db);
        fingerprint = await tablesFingerprint(ctx.db.db);
      }
    }
  });
});
