/**
 * The error envelope's stable `code` (lib/contracts/errors.ts): every MESSAGES key has one, the codes are
 * unique, and representative failures of each status answer `{ success: false, message, code }`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNT_MESSAGES, ERROR_CODES, errorKeyOf } from '../../lib/contracts/errors';
import { HttpError, MESSAGES } from '../errors';
import { toHttpError } from '../plugins/error-handler';
import { call } from './auth-fixtures';
import { describeEachDb, pgliteContext, SPANISH } from './helpers';

describe('tabla de códigos', () => {
  it('cada clave de MESSAGES y cada error de las cuentas tiene su código; los códigos no se repiten', () => {
    for (const key of Object.keys(MESSAGES)) assert.ok(key in ERROR_CODES, `falta el código de ${key}`);
    const codes = Object.values(ERROR_CODES);
    assert.equal(new Set(codes).size, codes.length, 'códigos repetidos');
    for (const code of codes) assert.match(code, /^[A-Z][A-Z_]+$/);
    for (const [key, code] of Object.entries(ERROR_CODES)) assert.equal(errorKeyOf(code), key);
    assert.equal(errorKeyOf('NO_EXISTE'), null);
    assert.equal(errorKeyOf(undefined), null);
  });

  it('HttpError lleva el código de su mensaje, el que se le da o el de su estado', () => {
    assert.equal(HttpError.badRequest().code, 'BAD_PARAMS');
    assert.equal(HttpError.unauthorized(ACCOUNT_MESSAGES.wrongCredentials).code, 'WRONG_CREDENTIALS');
    assert.equal(HttpError.conflict(MESSAGES.duplicateBillingId).code, 'DUPLICATE_BILLING_ID');
    assert.equal(HttpError.badRequest(MESSAGES.categorySlugTaken).code, 'CATEGORY_SLUG_TAKEN');
    assert.equal(HttpError.badRequest('texto armado en el momento', 'BELOW_MINIMUM').code, 'BELOW_MINIMUM');
    assert.equal(HttpError.notFound('otro texto').code, 'NOT_FOUND');
    assert.equal(new HttpError(410, 'otro texto').code, 'TOKEN_EXPIRED');
    assert.equal(toHttpError(Object.assign(new Error('x'), { statusCode: 503 })).code, 'UNAVAILABLE');
    assert.equal(toHttpError(new Error('boom')).code, 'SERVER_ERROR');
  });
});

describeEachDb('el sobre de error lleva `code`', (ctx) => {
  const login = async (email: string) =>
    (await call(ctx().app, 'POST', '/auth/login', { body: { email, password: 'tienda-demo' } })).body.data.token as string;

  it('400 de validación → BAD_PARAMS', async () => {
    const { status, body } = await ctx().get('/api/products?rows=abc');
    assert.equal(status, 400);
    assert.deepEqual(body, { success: false, message: SPANISH.badParams, code: 'BAD_PARAMS' });
  });

  it('401: sin sesión → SESSION_EXPIRED; datos de ingreso incorrectos → WRONG_CREDENTIALS', async () => {
    const me = await call(ctx().app, 'GET', '/api/user/me');
    assert.equal(me.status, 401);
    assert.equal(me.body.code, 'SESSION_EXPIRED');
    const wrong = await call(ctx().app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'no-es-esta' } });
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body, { success: false, message: 'Los datos son incorrectos', code: 'WRONG_CREDENTIALS' });
  });

  it('403: un cliente en una ruta del personal → FORBIDDEN', async () => {
    const token = await login('cliente@example.com');
    const res = await call(ctx().app, 'GET', '/api/staff/customers', { token });
    assert.equal(res.status, 403);
    assert.deepEqual(res.body, { success: false, message: 'No tienes los permisos necesarios', code: 'FORBIDDEN' });
  });

  it('404: ruta desconocida → NOT_FOUND; producto inexistente → PRODUCT_NOT_FOUND', async () => {
    const nope = await ctx().get('/api/no-existe');
    assert.equal(nope.status, 404);
    assert.equal(nope.body.code, 'NOT_FOUND');
    const product = await ctx().get('/api/product/2147483647');
    assert.equal(product.status, 404);
    assert.equal(product.body.code, 'PRODUCT_NOT_FOUND');
  });

  it('409: CUIT ya registrado → DUPLICATE_BILLING_ID', async () => {
    const token = await login('vip@example.com');
    const body = { taxCondition: 'Exento', documentType: 'CUIL', number: '27-30123456-8' };
    const res = await call(ctx().app, 'POST', '/api/billing', { token, body });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { success: false, message: 'Ya tenemos registrado ese CUIT/CUIL/DNI', code: 'DUPLICATE_BILLING_ID' });
  });
});

describe('429 → TOO_MANY_REQUESTS', () => {
  const ctx = pgliteContext({ rateLimit: { max: 2, timeWindow: 60_000, allowList: [] } });

  it('pasado el límite global la respuesta trae el código (también en rutas desconocidas)', async () => {
    const statuses: number[] = [];
    let last: { status: number; body: { code?: string; message?: string } } | undefined;
    for (let i = 0; i < 3; i++) {
      last = await ctx().get('/api/tags');
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.deepEqual(last?.body, { success: false, message: SPANISH.tooMany, code: 'TOO_MANY_REQUESTS' });
  });
});

describe('OpenAPI documenta el sobre de error', () => {
  const ctx = pgliteContext();

  it('/docs/json: las respuestas de error declaran `code` con la lista de códigos', async () => {
    const { status, body } = await ctx().get('/docs/json');
    assert.equal(status, 200);
    assert.match(body.info.description, /code/);
    const err = body.paths['/api/config'].get.responses['400'].content['application/json'].schema;
    assert.deepEqual(err.required.sort(), ['code', 'message', 'success']);
    assert.ok(err.properties.code.enum.includes('DUPLICATE_BILLING_ID'));
    assert.ok(err.properties.code.enum.includes('SESSION_EXPIRED'));
  });
});
