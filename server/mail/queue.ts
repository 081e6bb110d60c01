/**
 * Mail over SMTP through a persisted queue (table `mail_queue`, migration 0007; issue 29).
 *
 * A request that sends mail (register, forgot, order news) only inserts the message and goes on: it never
 * waits for SMTP, so an SMTP server that hangs or is down costs it nothing. A worker in each API instance
 * delivers due rows one at a time, each attempt bounded by SMTP_CONNECT/GREETING/SOCKET_TIMEOUT_MS; a
 * mail that did not go out stays queued and is retried with back-off (MAIL_RETRY_MIN_MS doubling up to
 * MAIL_RETRY_MAX_MS), so it is delivered after the server comes back — also after an API restart. While
 * the server is away, each poll checks whether it answers again, and then the waiting mails go at once.
 *
 * Why a table and not the outbox folder: with several API instances the database is the one store they
 * share. `FOR UPDATE SKIP LOCKED` + a lease (`locked_until`) let any instance deliver any mail, never two
 * at once, and one that died mid-send hands the mail to another once the lease expires; a folder is
 * per-host (a mail queued on a host that is gone would wait for it) and has no such claim.
 * Delivery is at-least-once: if the row cannot be deleted after SMTP took the mail (the database went away
 * at that moment), it is sent again after the lease.
 */
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mails } from '../metrics';
import { mailQueue } from '../db/schema';
import type { Timeouts } from '../env';
import type { Mailer, MailMessage, SentMail } from './transport';

export type MailQueueTimeouts = Pick<Timeouts, 'smtpConnectMs' | 'smtpGreetingMs' | 'smtpSocketMs' | 'mailRetryMinMs' | 'mailRetryMaxMs'>;

type Log = { info: (obj: object, msg?: string) => void; warn?: (obj: object, msg?: string) => void; error?: (obj: object, msg?: string) => void };

/** A mail older than this that still did not go out is given up (marked failed, kept for inspection). */
const MAIL_MAX_AGE_MS = 3 * 24 * 3600 * 1000;

export interface QueuedMailer extends Mailer {
  readonly mode: 'smtp';
  /** delivers every due mail now (the worker calls it on enqueue and every pollMs); resolves with how many went out */
  drain(): Promise<number>;
}

/** Delay before attempt `attempts + 1`: min × 2^(attempts-1), capped. */
function retryDelayMs(attempts: number, t: Pick<MailQueueTimeouts, 'mailRetryMinMs' | 'mailRetryMaxMs'>): number {
  return Math.min(t.mailRetryMinMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)), t.mailRetryMaxMs);
}

/** SMTP refused the mail for good (5xx): retrying cannot help. Timeouts, 4xx and network errors are retried. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

type Row = {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | string | null;
  attempts: number;
  age_ms: number | string;
};

export function createQueuedMailer(opts: {
  db: Db;
  smtpUrl: string;
  from: string;
  log?: Log;
  timeouts: MailQueueTimeouts;
  /** how often the worker looks for due mail (retries, mail queued by an instance that went away) */
  pollMs?: number;
}): QueuedMailer {
  const { db, from, log, timeouts: t } = opts;
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: t.smtpConnectMs,
    greetingTimeout: t.smtpGreetingMs,
    socketTimeout: t.smtpSocketMs,
  });
  // a claimed mail is someone else's to retry only after the longest one attempt can take
  const leaseMs = 2 * (t.smtpConnectMs + t.smtpGreetingMs + t.smtpSocketMs);
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  // SMTP unreachable (network-level failure seen by this instance); null = not known yet (just started)
  let down: boolean | null = null;
  let probing = false;

  const rows = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

  const claim = async (): Promise<Row | undefined> =>
    (
      await rows(sql`
        update mail_queue set locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
        where id = (
          select id from mail_queue
          where failed_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by next_attempt_at, id limit 1 for update skip locked)
        returning id, kind, to_address, subject, text_body, html_body, headers, attempts,
          extract(epoch from now() - created_at) * 1000 as age_ms`)
    )[0];

  const deliver = async (row: Row): Promise<boolean> => {
    const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : (row.headers ?? undefined);
    try {
      const info = await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, headers });
      await db.execute(sql`delete from mail_queue where id = ${row.id}`);
      mails.inc({ kind: row.kind, result: 'sent' });
      if (down) log?.info({}, 'SMTP responde otra vez: se envían los mails en cola');
      down = false;
      log?.info({ mail: row.kind, messageId: info.messageId, attempts: row.attempts }, 'mail enviado por SMTP');
      return true;
    } catch (err) {
      const message = String((err as Error)?.message ?? err).slice(0, 500);
      if (isPermanent(err) || Number(row.age_ms) > MAIL_MAX_AGE_MS) {
        await db.execute(sql`update mail_queue set failed_at = now(), locked_until = null, last_error = ${message} where id = ${row.id}`);
        mails.inc({ kind: row.kind, result: 'failed' });
        log?.error?.({ err, mail: row.kind, id: row.id, attempts: row.attempts }, 'mail descartado: SMTP lo rechazó o venció');
        return false;
      }
      const delay = retryDelayMs(row.attempts, t);
      await db.execute(sql`
        update mail_queue set next_attempt_at = now() + ${delay} * interval '1 millisecond', locked_until = null, last_error = ${message}
        where id = ${row.id}`);
      mails.inc({ kind: row.kind, result: 'deferred' });
      if (!down) log?.warn?.({ err, mail: row.kind, retryInMs: delay }, 'SMTP no disponible: el mail queda en cola y se reintenta');
      // no SMTP reply at all (timeout, refused, reset): the server is away, not this mail's problem
      if ((err as { responseCode?: unknown }).responseCode === undefined) down = true;
      // the server is away: the other due mails would fail the same way, try them at their own time
      throw err;
    }
  };

  const drainOnce = async (): Promise<number> => {
    let sent = 0;
    try {
      for (;;) {
        if (stopped) break;
        const row = await claim();
        if (!row) break;
        if (await deliver(row)) sent++;
      }
    } catch {
      // logged in deliver (SMTP) or below (database); the queue is intact, the next poll tries again
    }
    return sent;
  };

  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce().catch((err: unknown) => {
          log?.error?.({ err }, 'cola de mails: no se pudo leer la base');
          return 0;
        });
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  /**
   * While SMTP is known to be away (or after a start, with mails waiting for a retry), check it on every
   * poll (connect + greeting + EHLO, within the deadlines); once it answers, the waiting mails are due at
   * once — delivery resumes within a poll of the server coming back, not at the end of a long back-off.
   */
  const probe = async (): Promise<void> => {
    if (probing || down === false) return;
    probing = true;
    try {
      const waiting = (await rows(sql`
        select id from mail_queue where failed_at is null and attempts > 0 and next_attempt_at > now() limit 1`)) as unknown[];
      if (waiting.length === 0) {
        if (down === null) down = false;
        return;
      }
      if (!(await transport.verify().then(() => true, () => false)) || stopped) return;
      await db.execute(sql`update mail_queue set next_attempt_at = now() where failed_at is null and attempts > 0 and next_attempt_at > now()`);
      if (down) log?.info({}, 'SMTP responde otra vez: se envían los mails en cola');
      down = false;
    } catch (err) {
      log?.error?.({ err }, 'cola de mails: no se pudo leer la base');
    } finally {
      probing = false;
    }
  };

  const timer = setInterval(() => {
    void probe().then(() => drain());
  }, opts.pollMs ?? 5_000);
  timer.unref();

  return {
    mode: 'smtp',
    async send(m: MailMessage): Promise<SentMail> {
      const [row] = await db
        .insert(mailQueue)
        .values({ kind: m.kind, toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html, headers: m.headers ?? null })
        .returning({ id: mailQueue.id });
      log?.info({ mail: m.kind, id: row!.id }, 'mail en cola');
      void drain();
      return { messageId: `mail_queue:${row!.id}` };
    },
    drain,
    close() {
      stopped = true;
      clearInterval(timer);
      transport.close();
    },
  };
}
