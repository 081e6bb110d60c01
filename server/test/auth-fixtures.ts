/**
 * Fixtures of the account tests (auth*.test.ts, user*.test.ts): a mailer that keeps the messages in
 * memory, JSON inject helpers, link extraction and a local Google JWKS server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { BuildAppOptions } from '../app';
import type { Mailer, MailMessage } from '../mail/transport';
import { describeEachDb, type TestContext } from './helpers';
import { api } from './orders-fixtures';

export const TEST_JWT_SECRET = 'test-secret-of-the-account-suite-0123456789abcdef';

type MemoryMailer = ReturnType<typeof memoryMailer>;

/** describeEachDb for a suite that reads what the app mailed: its own memory mailer, added to `options.auth`. */
export function describeWithMailer(title: string, fn: (ctx: () => TestContext, mailer: MemoryMailer) => void, options: Partial<BuildAppOptions> = {}): void {
  const mailer = memoryMailer();
  describeEachDb(title, (ctx) => fn(ctx, mailer), { ...options, auth: { ...options.auth, mailer } });
}

/** The app options of the suites that sign in (and may open sockets): the test secret, a memory mailer, no Redis. */
export function signedInAppOptions(mailer: Mailer = memoryMailer()) {
  return { auth: { jwtSecret: TEST_JWT_SECRET, mailer }, realtime: { redisUrl: null } };
}

export function memoryMailer(): Mailer & { sent: MailMessage[]; failNext: boolean } {
  const m = {
    mode: 'outbox' as const,
    sent: [] as MailMessage[],
    failNext: false,
    async send(message: MailMessage) {
      if (m.failNext) {
        m.failNext = false;
        throw new Error('smtp down');
      }
      m.sent.push(message);
      return { messageId: `<${m.sent.length}@test>` };
    },
    close() {},
  };
  return m;
}

/** JSON inject with an optional bearer token and client IP: the orders suites' helper. */
export const call = api;

/** The mails sent to an address (newest last). */
export function mailsTo(mailer: { sent: MailMessage[] }, to: string, kind?: string): MailMessage[] {
  return mailer.sent.filter((m) => m.to === to && (!kind || m.kind === kind));
}

/** The token of the last link of a kind in the last matching mail: /verify/{t}, /reset-password/{t}, ?token={t}. */
export function tokenFromMail(mail: MailMessage | undefined, kind: 'verify' | 'reset' | 'autologin' | 'subscriptions'): string {
  if (!mail) throw new Error('no mail');
  const re =
    kind === 'verify'
      ? /\/verify\/([A-Za-z0-9_-]+)/
      : kind === 'reset'
        ? /\/reset-password\/([A-Za-z0-9_-]+)/
        : kind === 'autologin'
          ? /\/autoLogin\?token=([A-Za-z0-9_-]+)/
          : /\/suscriptions\?token=([A-Za-z0-9_.%-]+)/;
  const m = re.exec(mail.text);
  if (!m) throw new Error(`no ${kind} link in: ${mail.text}`);
  return decodeURIComponent(m[1]!);
}

let seq = 0;
export function uniqueEmail(prefix = 'cliente'): string {
  seq += 1;
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${seq}@example.com`;
}

export const validRegistration = (email: string) => ({
  name: 'Ana',
  lastname: 'Pérez',
  email,
  password: 'clave-segura-1',
  confirmPassword: 'clave-segura-1',
  acceptTerms: true,
});

/** Registers, verifies through the mailed link and returns the verified session token. */
/** Registers a new account (not verified yet): its address and a link of its verification mail, `link`'s token. */
export async function registerUnverified(app: FastifyInstance, mailer: { sent: MailMessage[] }, email = uniqueEmail(), link: 'verify' | 'subscriptions' = 'verify') {
  const reg = await call(app, 'POST', '/auth/register', { body: validRegistration(email) });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.raw}`);
  return { email, token: tokenFromMail(mailsTo(mailer, email, 'verify').at(-1), link) };
}

export async function registerVerified(app: FastifyInstance, mailer: { sent: MailMessage[] }, email = uniqueEmail()) {
  const { token } = await registerUnverified(app, mailer, email);
  const v = await call(app, 'POST', '/auth/verify', { body: { token } });
  if (v.status !== 200) throw new Error(`verify: ${v.status} ${v.raw}`);
  return { email, password: 'clave-segura-1', token: v.body.data.token as string, userId: v.body.data.user.id as number };
}

export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/* ------------------------------------------------------------ Google JWKS */

export interface FakeGoogle {
  url: string;
  clientId: string;
  sign(claims: Record<string, unknown>, opts?: { key?: 'good' | 'rogue'; expSeconds?: number; kid?: string }): Promise<string>;
  close(): Promise<void>;
}

/** A local JWKS endpoint with a freshly generated RS256 key, plus a rogue key with the same kid. */
export async function startFakeGoogle(clientId = 'test-client.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const rogue = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(good.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    async sign(claims, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'test-key-1', typ: 'JWT' })
        .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
        .setAudience((claims.aud as string) ?? clientId)
        .setSubject((claims.sub as string) ?? '1234567890')
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (opts.expSeconds ?? 3600))
        .sign(opts.key === 'rogue' ? rogue.privateKey : good.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
