/**
 * Outgoing mail: SMTP when SMTP_URL is set — through the persisted queue of server/mail/queue.ts, so a
 * request never waits for the SMTP server; otherwise every message is written as an RFC 822 `.eml` file
 * into `$DATA_DIR/outbox/` (nodemailer's stream transport gives the raw message) and its links are
 * logged, so development and tests can follow them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { DEFAULT_TIMEOUTS } from '../env';
import { createQueuedMailer, type MailQueueTimeouts } from './queue';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** what the mail is about (verify, reset, autologin, …): file name and log line */
  kind: string;
}

export interface SentMail {
  messageId: string;
  /** the .eml file (outbox mode only) */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

type Log = { info: (obj: object, msg?: string) => void; warn?: (obj: object, msg?: string) => void; error?: (obj: object, msg?: string) => void };

const DEFAULT_FROM = 'Aromas del Alma <no-reply@aromasdelalma.com.ar>';

export function extractLinks(text: string): string[] {
  const found = (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map((u) => u.replace(/[.,;:!?]+$/, ''));
  return [...new Set(found)];
}

export function createMailer(opts: {
  smtpUrl?: string | null;
  outboxDir: string;
  from?: string;
  log?: Log;
  /** the queue's table (required with smtpUrl) */
  db?: Db;
  timeouts?: Partial<MailQueueTimeouts>;
  /** how often the queue looks for due mail (default 5 s) */
  pollMs?: number;
}): Mailer {
  const from = opts.from || DEFAULT_FROM;
  if (opts.smtpUrl) {
    if (!opts.db) throw new Error('SMTP mail needs the database (mail_queue)');
    return createQueuedMailer({
      db: opts.db,
      smtpUrl: opts.smtpUrl,
      from,
      log: opts.log,
      timeouts: { ...DEFAULT_TIMEOUTS, ...opts.timeouts },
      pollMs: opts.pollMs,
    });
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let dirReady: Promise<unknown> | null = null;
  return {
    mode: 'outbox',
    async send(m) {
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
      dirReady ??= mkdir(opts.outboxDir, { recursive: true });
      await dirReady;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${m.kind}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      // The links only: never the whole body (it may carry personal data).
      opts.log?.info({ mail: m.kind, file, links: extractLinks(m.text) }, 'mail guardado en outbox');
      return { messageId: String(info.messageId), file };
    },
    close: () => {},
  };
}
