/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Order files: the customer's proof of transfer and staff's bill / other PDFs. Types are checked by
 * content (a .png name with text inside is refused, a PDF named .png is a PDF), 10 MB limit, generated
 * path-traversal-proof names in private storage (not under the public /uploads route), and the file is
 * streamed only to the order's owner and staff.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orderDocuments } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, forceState, login, multipart, orderSuite, PDF, PNG, type Customer, type TestCatalogue } from './orders-fixtures';

describeEachDb('pedidos: comprobantes y documentos', (ctx) => {
  let cat: TestCatalogue, owner: Customer, other: Customer;
  let staff: string;
  let orderId: number;
  before(async () => {
    const { app, db } = ctx();
    ({ cat, customers: { owner, other } } = await orderSuite(app, db.db, { owner: 'comprobante@example.com', other: 'ajeno@example.com' }));
    staff = await login(app, 'staff@example.com');
    const r = await api(app, 'POST', '/api/order', { token: owner.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: owner.billingId } });
    orderId = r.body.data.id;
  });

  const upload = (id: number, token: string | null, file: { filename: string; content: Buffer; type?: string } | null, fields: Record<string, string> = {}) => {
    const parts = [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(file ? [{ name: 'file', ...file }] : []),
    ];
    const { payload, headers } = multipart(parts.length ? parts : [{ name: 'nota', value: 'sin archivo' }]);
    return api(ctx().app, 'POST', `/api/order/${id}/proof`, { token, payload, headers });
  };

  it('accepts a real PNG and a real PDF (even named .png), streams them back to the owner and staff', async () => {
    const { app } = ctx();
    const png = await upload(orderId, owner.token, { filename: 'transferencia.png', content: PNG, type: 'image/png' });
    assert.equal(png.status, 201, png.raw);
    assert.equal(png.body.message, 'Recibimos tu comprobante');
    assert.equal(png.body.data.kind, 'proof');
    assert.equal(png.body.data.mimeType, 'image/png');
    assert.equal(png.body.data.fileName, 'transferencia.png');
    assert.equal(png.body.data.size, PNG.length);
    assert.equal(png.body.data.fileUrl, `/api/order/${orderId}/documents/${png.body.data.id}/file`);

    const pdf = await upload(orderId, owner.token, { filename: 'comprobante.png', content: PDF, type: 'image/png' });
    assert.equal(pdf.status, 201, pdf.raw);
    assert.equal(pdf.body.data.mimeType, 'application/pdf', 'the content decides, not the name or the client type');

    for (const token of [owner.token, staff]) {
      const file = await api(app, 'GET', png.body.data.fileUrl, { token });
      assert.equal(file.status, 200);
      assert.equal(file.headers['content-type'], 'image/png');
      assert.equal(file.headers['x-content-type-options'], 'nosniff');
      assert.match(String(file.headers['cache-control']), /no-store/);
      assert.match(String(file.headers['content-disposition']), /^inline; filename="transferencia.png"/);
      assert.deepEqual(file.rawPayload, PNG);
    }
    const pdfFile = await api(app, 'GET', pdf.body.data.fileUrl, { token: owner.token });
    assert.equal(pdfFile.headers['content-type'], 'application/pdf');
    assert.deepEqual(pdfFile.rawPayload, PDF);

    const detail = (await api(app, 'GET', `/api/order/${orderId}`, { token: owner.token })).body.data;
    assert.deepEqual(detail.documents.map((d: any) => d.kind), ['proof', 'proof']);
  });

  it('a PNG with HTML appended, uploaded as poly.html, downloads as poly.png (issue 19 item 9)', async () => {
    const { app, db } = ctx();
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(document.domain)</script></html>')]);
    const up = await upload(orderId, owner.token, { filename: 'poly.html', content: polyglot, type: 'text/html' });
    assert.equal(up.status, 201, up.raw);
    assert.equal(up.body.data.mimeType, 'image/png');
    assert.equal(up.body.data.fileName, 'poly.png');
    const file = await api(app, 'GET', up.body.data.fileUrl, { token: owner.token });
    assert.equal(file.headers['content-type'], 'image/png');
    assert.match(String(file.headers['content-disposition']), /^inline; filename="poly.png"; filename\*=UTF-8''poly.png$/);
    // a row stored before the fix (the uploader's name kept) is named by its type when served
    await db.db.update(orderDocuments).set({ data: { fileName: 'viejo.html', mimeType: 'image/png', size: polyglot.length } }).where(eq(orderDocuments.id, up.body.data.id));
    const legacy = await api(app, 'GET', up.body.data.fileUrl, { token: staff });
    assert.match(String(legacy.headers['content-disposition']), /filename="viejo.png"/);
    const detail = (await api(app, 'GET', `/api/order/${orderId}`, { token: owner.token })).body.data;
    assert.equal(detail.documents.find((d: any) => d.id === up.body.data.id).fileName, 'viejo.png');
    // names that already carry their type's extension keep it; names without one get it
    const bare = await upload(orderId, owner.token, { filename: 'recibo', content: PDF, type: 'application/pdf' });
    assert.equal(bare.body.data.fileName, 'recibo.pdf');
    await db.db.delete(orderDocuments).where(eq(orderDocuments.id, bare.body.data.id));
    await db.db.delete(orderDocuments).where(eq(orderDocuments.id, up.body.data.id));
  });

  it('refuses text named .png, other types, no file and non-multipart bodies', async () => {
    const { app } = ctx();
    const fake = await upload(orderId, owner.token, { filename: 'foto.png', content: Buffer.from('esto no es una imagen, es texto'), type: 'image/png' });
    assert.deepEqual([fake.status, fake.body.message], [400, 'El comprobante debe ser una imagen (JPG, PNG o WEBP) o un PDF']);
    const gif = await upload(orderId, owner.token, { filename: 'x.gif', content: Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1') });
    assert.equal(gif.status, 400);
    const html = await upload(orderId, owner.token, { filename: 'x.pdf', content: Buffer.from('<html><script>alert(1)</script></html>'), type: 'application/pdf' });
    assert.equal(html.status, 400);
    const none = await upload(orderId, owner.token, null);
    assert.deepEqual([none.status, none.body.message], [400, 'No seleccionaste un archivo']);
    const empty = await upload(orderId, owner.token, { filename: 'vacio.pdf', content: Buffer.alloc(0) });
    assert.deepEqual([empty.status, empty.body.message], [400, 'No seleccionaste un archivo']);
    const json = await api(app, 'POST', `/api/order/${orderId}/proof`, { token: owner.token, body: { file: 'x' } });
    assert.deepEqual([json.status, json.body.message], [400, 'No seleccionaste un archivo']);
  });

  it('refuses files over 10 MB with 413 "El archivo pesa mas de 10 MB"', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const res = await upload(orderId, owner.token, { filename: 'grande.pdf', content: big, type: 'application/pdf' });
    assert.deepEqual([res.status, res.body], [413, { success: false, message: 'El archivo pesa mas de 10 MB', code: 'FILE_TOO_LARGE' }]);
    // just under the limit is fine (and the 1 MB JSON body limit does not apply to uploads)
    const ok = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length - 1, 0x20)]);
    const res2 = await upload(orderId, owner.token, { filename: 'casi.pdf', content: ok, type: 'application/pdf' });
    assert.equal(res2.status, 201, res2.raw);
  });

  it('generates stored names: a path-traversal file name goes nowhere, and the file is not public', async () => {
    const { app, db, dataDir } = ctx();
    const res = await upload(orderId, owner.token, { filename: '../../../../etc/passwd.pdf', content: PDF, type: 'application/pdf' });
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.data.fileName, 'passwd.pdf');
    const [doc] = await db.db.select().from(orderDocuments).where(eq(orderDocuments.id, res.body.data.id));
    assert.match(doc!.fileUrl!, new RegExp(`^orders/${orderId}/[0-9a-f-]{36}\\.pdf$`));
    const stored = path.join(dataDir, 'private', doc!.fileUrl!);
    assert.ok(existsSync(stored));
    assert.deepEqual(readFileSync(stored), PDF);
    assert.ok(readdirSync(path.join(dataDir, 'private', 'orders', String(orderId))).every((f) => /^[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/.test(f)));
    // not reachable through the public static route
    for (const url of [`/uploads/${doc!.fileUrl}`, `/uploads/../private/${doc!.fileUrl}`, `/uploads/%2e%2e/private/${doc!.fileUrl}`]) {
      assert.equal((await app.inject({ url })).statusCode, 404, url);
    }
  });

  it('someone else’s order, document or file → 404; no session → 401', async () => {
    const { app } = ctx();
    const mine = await upload(orderId, owner.token, { filename: 'a.png', content: PNG });
    const fileUrl = mine.body.data.fileUrl;
    assert.equal((await upload(orderId, other.token, { filename: 'a.png', content: PNG })).status, 404);
    assert.equal((await api(app, 'GET', fileUrl, { token: other.token })).status, 404);
    assert.equal((await api(app, 'GET', fileUrl)).status, 401);
    assert.equal((await upload(orderId, null, { filename: 'a.png', content: PNG })).status, 401);
    // a document id of another order, through my order's URL
    const otherOrder = await api(app, 'POST', '/api/order', { token: other.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: other.billingId } });
    const theirs = await upload(otherOrder.body.data.id, other.token, { filename: 'b.png', content: PNG });
    assert.equal(theirs.status, 201);
    assert.equal((await api(app, 'GET', `/api/order/${orderId}/documents/${theirs.body.data.id}/file`, { token: owner.token })).status, 404);
    assert.equal((await api(app, 'GET', `/api/order/${orderId}/documents/999999/file`, { token: owner.token })).status, 404);
    // documents without a file (a remit) have no file route
    assert.equal((await api(app, 'GET', `/api/order/${orderId}/documents/abc/file`, { token: owner.token })).status, 400);
  });

  it('no proofs on a final order', async () => {
    const { app, db } = ctx();
    const r = await api(app, 'POST', '/api/order', { token: owner.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: owner.billingId } });
    await forceState(db.db, r.body.data.id, 'cancelled');
    const res = await upload(r.body.data.id, owner.token, { filename: 'a.png', content: PNG });
    assert.deepEqual([res.status, res.body.message], [409, 'Este pedido ya no admite comprobantes']);
  });

  it('staff uploads a bill or other PDF (kind field), PDFs only; customers cannot', async () => {
    const { app } = ctx();
    const send = (token: string, fields: Record<string, string>, file: { filename: string; content: Buffer } | null, query = '') => {
      const parts = [...Object.entries(fields).map(([name, value]) => ({ name, value })), ...(file ? [{ name: 'file', ...file }] : [])];
      const { payload, headers } = multipart(parts);
      return api(app, 'POST', `/api/staff/orders/${orderId}/documents${query}`, { token, payload, headers });
    };
    const bill = await send(staff, { kind: 'bill' }, { filename: 'factura-A-0001.pdf', content: PDF });
    assert.equal(bill.status, 201, bill.raw);
    assert.deepEqual([bill.body.data.kind, bill.body.data.mimeType, bill.body.message], ['bill', 'application/pdf', 'Documento guardado']);
    const otherDoc = await send(staff, {}, { filename: 'lista.pdf', content: PDF }, '?kind=other');
    assert.equal(otherDoc.body.data.kind, 'other');
    assert.deepEqual((await send(staff, { kind: 'bill' }, { filename: 'f.pdf', content: PNG })).body.message, 'El archivo debe ser un PDF');
    assert.equal((await send(staff, { kind: 'proof' }, { filename: 'f.pdf', content: PDF })).status, 400);
    assert.equal((await send(staff, {}, { filename: 'f.pdf', content: PDF })).status, 400);
    assert.deepEqual((await send(staff, { kind: 'bill' }, null)).body.message, 'No seleccionaste un archivo');
    assert.equal((await send(owner.token, { kind: 'bill' }, { filename: 'f.pdf', content: PDF })).status, 403);
    // the owner can read the bill
    const file = await api(app, 'GET', bill.body.data.fileUrl, { token: owner.token });
    assert.equal(file.status, 200);
    assert.deepEqual(file.rawPayload, PDF);
    assert.equal((await api(app, 'GET', bill.body.data.fileUrl, { token: other.token })).status, 404);
    // unknown order
    const { payload, headers } = multipart([{ name: 'kind', value: 'bill' }, { name: 'file', filename: 'f.pdf', content: PDF }]);
    assert.equal((await api(app, 'POST', '/api/staff/orders/999999/documents', { token: staff, payload, headers })).status, 404);
  });
});
