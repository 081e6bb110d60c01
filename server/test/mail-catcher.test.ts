/**
 * scripts/mail-catcher.mjs (issue 22): what SMTP delivers to it is read back through the Mailpit API subset
 * e2e/support/mailbox.ts uses — search by recipient (exact and quoted), the decoded Text, delete by search.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { startMailCatcher } from '../../scripts/mail-catcher.mjs';

describe('mail catcher (SMTP in, Mailpit API out)', () => {
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let api: string;
  const get = async (p: string) => {
    const res = await fetch(`${api}${p}`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of the API under test, checked field by field
    return { status: res.status, body: (res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text()) as any };
  };

  before(async () => {
    catcher = await startMailCatcher();
    api = `http://127.0.0.1:${catcher.httpPort}`;
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: catcher.smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({ from: 'Tienda <tienda@example.com>', to: 'ana.qa1@example.com', subject: 'Confirmá tu email', text: `¡Hola, Ana! Confirmá acá: https://tienda.example/verify/${'a'.repeat(40)}\n${'línea larga '.repeat(20)}` });
    await smtp.sendMail({ from: 'tienda@example.com', to: 'xana.qa1@example.com', subject: 'Otro', text: 'para otra persona' });
    smtp.close();
  });
  after(() => catcher.close());

  it('lists newest first and finds by recipient; the message carries the decoded text', async () => {
    const all = await get('/api/v1/messages');
    assert.equal(all.status, 200);
    assert.equal(all.body.total, 2);
    assert.deepEqual(all.body.messages.map((m: { Subject: string }) => m.Subject), ['Otro', 'Confirmá tu email']);

    const found = await get(`/api/v1/search?query=${encodeURIComponent('to:"ana.qa1@example.com"')}`);
    assert.equal(found.status, 200);
    // `to:` matches substrings, as Mailpit's does: the mailbox keeps exact recipients itself
    assert.equal(found.body.messages_count, 2);
    const mine = found.body.messages.find((m: { To: { Address: string }[] }) => m.To[0]!.Address === 'ana.qa1@example.com');
    assert.equal(mine.From.Address, 'tienda@example.com');
    const full = await get(`/api/v1/message/${mine.ID}`);
    assert.equal(full.status, 200);
    assert.match(full.body.Text, /¡Hola, Ana! Confirmá acá: https:\/\/tienda\.example\/verify\/a{40}/);
    assert.equal((await get('/api/v1/search?query=subject:otro')).body.messages_count, 1);
    assert.equal((await get('/api/v1/search?query=Confirm%C3%A1')).body.messages_count, 1);
  });

  it('refuses an empty search, answers 404 for an unknown message, deletes by search', async () => {
    assert.equal((await get('/api/v1/search?query=')).status, 400);
    assert.equal((await get('/api/v1/message/nope')).status, 404);
    const res = await fetch(`${api}/api/v1/search?query=${encodeURIComponent('to:xana.qa1@example.com')}`, { method: 'DELETE' });
    assert.equal(res.status, 200);
    const left = await get('/api/v1/messages');
    assert.deepEqual(left.body.messages.map((m: { To: { Address: string }[] }) => m.To[0]!.Address), ['ana.qa1@example.com']);
    assert.equal((await get('/api/v1/message/latest')).body.Subject, 'Confirmá tu email');
  });
});
