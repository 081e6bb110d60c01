import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXTERNAL, MAIL_API } from './env';

/**
 * The mails the API sent, wherever the suite can read them (issue 22 item 4):
 * - E2E_MAIL_API_URL set: a mail catcher's HTTP API, Mailpit's (`GET /api/v1/search?query=to:…`,
 *   `GET /api/v1/message/{ID}`): the deployment's SMTP_URL points at the catcher;
 *   scripts/mail-catcher.mjs is an in-process one with that API subset, used by CI;
 * - local mode without it: the `.eml` files the API writes to $E2E_DATA_DIR/outbox (no SMTP_URL);
 * - external mode without it: none — tests that need a mail call `requireMailbox()` and are skipped
 *   with a message that says what to set.
 */

/** The mails the suite reads, by the link each carries (the SMTP path has no file name to tell them apart). */
const KIND_LINK: Record<string, RegExp> = {
  verify: /\/verify\/[A-Za-z0-9_-]+/,
  reset: /\/reset-password\/[A-Za-z0-9_-]+/,
  autologin: /\/autoLogin\?token=/,
};

export interface Mailbox {
  /** The plain-text bodies of the mails to `to` of `kind`, oldest first. */
  list(to: string, kind: string): Promise<string[]>;
}

const sameAddress = (to: string) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi');

/** Decodes the text/plain part of a raw RFC 822 message (7bit, quoted-printable or base64). */
function plainText(eml: string): string {
  const normalized = eml.replace(/\r\n/g, '\n');
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: ([^\n]+)\n\n([\s\S]*?)\n--/i.exec(normalized);
  if (!part) return normalized;
  const [, encoding, body] = part;
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The API's outbox directory: the file name carries the mail's kind (server/mail/transport.ts). */
class OutboxMailbox implements Mailbox {
  constructor(private readonly dir: string) {}

  async list(to: string, kind: string): Promise<string[]> {
    let files: string[];
    try {
      files = readdirSync(this.dir).filter((f) => f.includes(`-${kind}-`) && f.endsWith('.eml')).sort();
    } catch {
      return [];
    }
    return files.map((f) => readFileSync(path.join(this.dir, f), 'utf8')).filter((eml) => sameAddress(to).test(eml)).map(plainText);
  }
}

interface MailpitSummary {
  ID: string;
  To: { Address: string }[];
}

/** Mailpit's API (or scripts/mail-catcher.mjs): search by recipient, then each message's Text. */
class MailpitMailbox implements Mailbox {
  constructor(private readonly base: string) {}

  private async json<T>(p: string): Promise<T> {
    const res = await fetch(`${this.base}${p}`);
    if (!res.ok) throw new Error(`mail API ${p} → ${res.status}`);
    return (await res.json()) as T;
  }

  async list(to: string, kind: string): Promise<string[]> {
    const query = encodeURIComponent(`to:"${to}"`);
    const found = await this.json<{ messages: MailpitSummary[] }>(`/api/v1/search?query=${query}&limit=200`);
    // Mailpit answers newest first; `to:` matches substrings, so keep exact recipients only.
    const mine = found.messages.filter((m) => m.To.some((a) => a.Address.toLowerCase() === to.toLowerCase())).reverse();
    const texts = await Promise.all(mine.map(async (m) => (await this.json<{ Text: string }>(`/api/v1/message/${m.ID}`)).Text));
    const link = KIND_LINK[kind];
    if (!link) throw new Error(`no link pattern for mails of kind ${kind} (e2e/support/mailbox.ts)`);
    return texts.filter((t) => link.test(t));
  }
}

const mailbox: Mailbox | null = MAIL_API
  ? new MailpitMailbox(MAIL_API)
  : EXTERNAL
    ? null
    : new OutboxMailbox(path.join(process.env.E2E_DATA_DIR ?? '.data/e2e', 'outbox'));

const NO_MAILBOX =
  'Mail flows need the mails the deployment sends: set E2E_MAIL_API_URL to a Mailpit-compatible HTTP API of the mail catcher its SMTP_URL delivers to.';

/** The mailbox, or the test is skipped saying what to set (external mode without E2E_MAIL_API_URL). */
export function requireMailbox(): Mailbox {
  test.skip(!mailbox, NO_MAILBOX);
  return mailbox!;
}

/** How many mails of `kind` went to `to` so far. */
export async function mailsTo(to: string, kind: string): Promise<number> {
  return (await requireMailbox().list(to, kind)).length;
}

/** The newest mail of `kind` to `to` once more than `after` of them arrived (SMTP is a queue: give it time). */
export async function readMail(to: string, kind: string, after = 0): Promise<string> {
  const box = requireMailbox();
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const mine = await box.list(to, kind);
        if (mine.length <= after) return false;
        found = mine[mine.length - 1]!;
        return true;
      },
      { timeout: MAIL_API ? 30_000 : 10_000, intervals: [250, 500, 1000], message: `a ${kind} mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

export function linkIn(text: string, re: RegExp): string {
  const m = re.exec(text);
  expect(m, `link ${re} in mail:\n${text}`).not.toBeNull();
  return m![0];
}
