/**
 * The login / forgot / register throttles (per IP and per account), on the shared counters
 * (server/lib/shared-counters.ts): in Redis with REDIS_URL, so every API host enforces one count; in this
 * process's memory otherwise (and while Redis is away).
 */
import { LocalCounterStore, SharedWindow, type CounterStore } from '../lib/shared-counters';

interface WindowLimit {
  /** events allowed per window */
  max: number;
  windowMs: number;
}

export interface AuthLimits {
  /** failed logins per (account, address): an address that guesses is stopped without locking the owner out */
  loginFailuresPerAccount: WindowLimit;
  /**
   * failed logins per account from all addresses together (the slower, global back-off against a guess
   * spread over many addresses); it never applies to an address that signed in to the account before
   */
  loginFailuresPerAccountGlobal: WindowLimit;
  /** how long a successful sign-in makes an address "known" to its account */
  knownAddressMs: number;
  /** login attempts per IP */
  loginPerIp: WindowLimit;
  /** reset-mail requests per account */
  forgotPerAccount: WindowLimit;
  /** forgot / register / verify / google / autoLogin requests per IP */
  sensitivePerIp: WindowLimit;
  /** refresh / logout requests per IP (every open tab refreshes once per access token lifetime) */
  refreshPerIp: WindowLimit;
  /** minimum time between two verification mails to one account */
  verifyResendMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerAccount: { max: 5, windowMs: 15 * 60_000 },
  loginFailuresPerAccountGlobal: { max: 30, windowMs: 60 * 60_000 },
  knownAddressMs: 30 * 24 * 3600_000,
  loginPerIp: { max: 20, windowMs: 60_000 },
  forgotPerAccount: { max: 3, windowMs: 15 * 60_000 },
  sensitivePerIp: { max: 20, windowMs: 60_000 },
  refreshPerIp: { max: 120, windowMs: 60_000 },
  verifyResendMs: 5 * 60_000,
};

/**
 * Failed logins of one account (spec: 'Demasiados intentos fallidos…'). Counting per account alone let
 * anyone lock any account with five wrong passwords; counting per (account, address) alone let a guess
 * spread over many addresses run freely. So: 5 per (account, address) per 15 min, plus a global count per
 * account (30 per hour) that stops new addresses but never one that already signed in to the account.
 */
export class LoginFailures {
  readonly perAddress: SharedWindow;
  readonly perAccount: SharedWindow;
  private readonly known: SharedWindow;

  constructor(limits: Pick<AuthLimits, 'loginFailuresPerAccount' | 'loginFailuresPerAccountGlobal' | 'knownAddressMs'>, store: CounterStore) {
    this.perAddress = new SharedWindow(limits.loginFailuresPerAccount, store, 'login-fail:');
    this.perAccount = new SharedWindow(limits.loginFailuresPerAccountGlobal, store, 'login-fail-account:');
    this.known = new SharedWindow({ max: 1, windowMs: limits.knownAddressMs }, store, 'login-known:');
  }

  private static pair(account: string, address: string): string {
    return `${account}|${address}`;
  }

  /** Seconds this address must wait before trying this account again, or 0. */
  async retryAfter(account: string, address: string): Promise<number> {
    const pair = LoginFailures.pair(account, address);
    const own = await this.perAddress.retryAfter(pair);
    if (own > 0) return own;
    return (await this.known.retryAfter(pair)) > 0 ? 0 : this.perAccount.retryAfter(account);
  }

  async failed(account: string, address: string): Promise<void> {
    await Promise.all([this.perAddress.hit(LoginFailures.pair(account, address)), this.perAccount.hit(account)]);
  }

  /** A correct password: this address starts afresh and is known to the account from now on. */
  async succeeded(account: string, address: string): Promise<void> {
    const pair = LoginFailures.pair(account, address);
    await this.perAddress.reset(pair);
    await this.known.reset(pair);
    await this.known.hit(pair);
  }
}

/** The per-IP limits of the auth routes themselves are @fastify/rate-limit route limits (same shared counters). */
export class AuthThrottle {
  readonly loginFailures: LoginFailures;
  /** wrong current passwords on the profile's password change, per user */
  readonly passwordFailures: SharedWindow;
  readonly forgotAccount: SharedWindow;

  constructor(
    readonly limits: AuthLimits = DEFAULT_AUTH_LIMITS,
    store: CounterStore = new LocalCounterStore(),
  ) {
    this.loginFailures = new LoginFailures(limits, store);
    this.passwordFailures = new SharedWindow(limits.loginFailuresPerAccount, store, 'password-fail:');
    this.forgotAccount = new SharedWindow(limits.forgotPerAccount, store, 'forgot:');
  }
}
