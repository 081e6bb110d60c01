#!/usr/bin/env node
/**
 * An SMTP mail catcher with the part of Mailpit's HTTP API that e2e/support/mailbox.ts reads (issue 22):
 * the API's SMTP_URL points at it, the suite reads the mails over HTTP. For CI and local staging-like
 * deployments; a real staging can run Mailpit itself (same API). Mailpit is neither on npm nor in Debian,
 * so this is `smtp-server` + `mailparser` (nodemailer's own) and node:http, in memory.
 *
 *   node scripts/mail-catcher.mjs --smtp-port 1025 --http-port 8025 [--host 127.0.0.1]
 *
 * HTTP (JSON, Mailpit's field names): GET /api/v1/info · GET /api/v1/messages?start&limit (newest first) ·
 * GET /api/v1/search?query=&start&limit (`to:`, `from:`, `subject:` terms, quoted or not; other words
 * match subject and text) · GET /api/v1/message/{ID|latest} (with Text and HTML) · DELETE /api/v1/messages
 * ({"IDs": [...]}, none = all) · DELETE /api/v1/search?query=.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const MAX_MESSAGES = 5000;

const addresses = (field) => (field ? (Array.isArray(field) ? field : [field]).flatMap((a) => a.value) : []).map((a) => ({ Name: a.name ?? '', Address: a.address ?? '' }));

/** A list entry: the message without its bodies, with Mailpit's Snippet. */
function summary(m) {
  const rest = { ...m };
  delete rest.Text;
  delete rest.HTML;
  return { ...rest, Snippet: m.Text.replace(/\s+/g, ' ').trim().slice(0, 250) };
}

/** Mailpit-style search: `to:x`, `from:x`, `subject:"x y"`; other terms match subject or text. Case-insensitive. */
export function matcher(query) {
  const terms = [...query.matchAll(/(?:(to|from|subject):)?(?:"([^"]*)"|(\S+))/gi)].map((t) => ({ field: t[1]?.toLowerCase(), value: (t[2] ?? t[3] ?? '').toLowerCase() }));
  return (m) =>
    terms.every(({ field, value }) => {
      if (field === 'to') return [...m.To, ...m.Cc, ...m.Bcc].some((a) => `${a.Name} <${a.Address}>`.toLowerCase().includes(value));
      if (field === 'from') return `${m.From.Name} <${m.From.Address}>`.toLowerCase().includes(value);
      if (field === 'subject') return m.Subject.toLowerCase().includes(value);
      return `${m.Subject}\n${m.Text}`.toLowerCase().includes(value);
    });
}

export async function startMailCatcher({ smtpPort = 0, httpPort = 0, host = '127.0.0.1' } = {}) {
  /** newest last */
  const messages = [];

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'mail-catcher',
    async onData(stream, session, callback) {
      try {
        const raw = await new Promise((resolve, reject) => {
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
          stream.on('error', reject);
        });
        const p = await simpleParser(raw);
        const from = addresses(p.from)[0] ?? { Name: '', Address: session.envelope.mailFrom?.address ?? '' };
        const to = addresses(p.to);
        messages.push({
          ID: randomBytes(11).toString('base64url'),
          MessageID: (p.messageId ?? '').replace(/^<|>$/g, ''),
          Read: false,
          From: from,
          To: to.length ? to : session.envelope.rcptTo.map((r) => ({ Name: '', Address: r.address })),
          Cc: addresses(p.cc),
          Bcc: [],
          ReplyTo: addresses(p.replyTo),
          Subject: p.subject ?? '',
          Created: new Date().toISOString(),
          Date: (p.date ?? new Date()).toISOString(),
          Tags: [],
          Size: raw.length,
          Attachments: p.attachments.length,
          Text: p.text ?? '',
          HTML: typeof p.html === 'string' ? p.html : '',
        });
        if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
        callback();
      } catch (err) {
        callback(err);
      }
    },
  });

  const list = (found, url) => {
    const start = Math.max(0, Number(url.searchParams.get('start')) || 0);
    const limit = Math.max(1, Number(url.searchParams.get('limit')) || 50);
    const newest = [...found].reverse();
    return {
      total: messages.length,
      unread: messages.filter((m) => !m.Read).length,
      count: Math.min(limit, Math.max(0, newest.length - start)),
      messages_count: found.length,
      messages_unread: found.filter((m) => !m.Read).length,
      start,
      tags: [],
      messages: newest.slice(start, start + limit).map(summary),
    };
  };
  const remove = (pick) => {
    for (let i = messages.length - 1; i >= 0; i -= 1) if (pick(messages[i])) messages.splice(i, 1);
  };

  const web = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const query = url.searchParams.get('query')?.trim() ?? '';
    const path = url.pathname;
    if (req.method === 'GET' && path === '/api/v1/info') return send(200, { Version: 'mail-catcher (Mailpit API subset)', Messages: messages.length });
    if (req.method === 'GET' && path === '/api/v1/messages') return send(200, list(messages, url));
    if (path === '/api/v1/search') {
      if (!query) return send(400, 'Error: no search query');
      if (req.method === 'GET') return send(200, list(messages.filter(matcher(query)), url));
      if (req.method === 'DELETE') {
        remove(matcher(query));
        return send(200, 'ok');
      }
    }
    if (req.method === 'DELETE' && path === '/api/v1/messages') {
      let ids = [];
      try {
        const chunks = [];
        for await (const c of req) chunks.push(c);
        ids = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')).IDs ?? []) : [];
      } catch {
        return send(400, 'Error: bad JSON');
      }
      remove((m) => !ids.length || ids.includes(m.ID));
      return send(200, 'ok');
    }
    const one = /^\/api\/v1\/message\/([A-Za-z0-9_-]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const m = one[1] === 'latest' ? messages.at(-1) : messages.find((x) => x.ID === one[1]);
      if (!m) return send(404, 'Message not found');
      m.Read = true;
      return send(200, m);
    }
    return send(404, 'Not found');
  });

  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, host, resolve);
  });
  await new Promise((resolve, reject) => {
    web.once('error', reject);
    web.listen(httpPort, host, resolve);
  });
  return {
    smtpPort: smtp.server.address().port,
    httpPort: web.address().port,
    messages,
    async close() {
      await new Promise((resolve) => web.close(resolve));
      await new Promise((resolve) => smtp.close(resolve));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'smtp-port': { type: 'string' }, 'http-port': { type: 'string' }, host: { type: 'string' } } });
  const c = await startMailCatcher({ smtpPort: Number(values['smtp-port'] ?? 1025), httpPort: Number(values['http-port'] ?? 8025), host: values.host ?? '127.0.0.1' });
  console.log(`mail-catcher: SMTP on ${values.host ?? '127.0.0.1'}:${c.smtpPort}, Mailpit API on http://${values.host ?? '127.0.0.1'}:${c.httpPort}`);
  const stop = () => void c.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
