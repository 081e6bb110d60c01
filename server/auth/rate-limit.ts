/**
 * In-memory fixed-window counters for the login / forgot / register throttles (per IP and per account).
 * One API instance keeps its own counts; behind several instances each enforces the limit separately
 * (good enough against guessing: the per-account limit multiplies by the instance count at worst).
 */

export interface WindowLimit {
  /** events allowed per window */
  max: number;
  windowMs: number;
}

interface Entry {
  count: number;
  resetAt: number;
}

export class WindowCounter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly limit: WindowLimit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  private entry(key: string): Entry | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.resetAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return e;
  }

  /** Seconds until the key may act again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const e = this.entry(key);
    if (!e || e.count < this.limit.max) return 0;
    return Math.max(1, Math.ceil((e.resetAt - this.now()) / 1000));
  }

  /** Counts one event. */
  hit(key: string): void {
    const e = this.entry(key);
    if (e) {
      e.count += 1;
      return;
    }
    if (this.entries.size >= this.maxKeys) this.sweep();
    this.entries.set(key, { count: 1, resetAt: this.now() + this.limit.windowMs });
  }

  /** Counts one event and tells whether it went over the limit (retry-after seconds, or 0). */
  consume(key: string): number {
    const wait = this.retryAfter(key);
    if (wait > 0) return wait;
    this.hit(key);
    return 0;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
    // Still full (an attack with many keys): drop the oldest half rather than grow without bound.
    if (this.entries.size >= this.maxKeys) {
      let n = Math.floor(this.maxKeys / 2);
      for (const k of this.entries.keys()) {
        if (n-- <= 0) break;
        this.entries.delete(k);
      }
    }
  }
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
  verifyResendMs: 5 * 60_000,
};

/**
 * Failed logins of one account (spec: 'Demasiados intentos fallidos…'). Counting per account alone let
 * anyone lock any account with five wrong passwords; counting per (account, address) alone let a guess
 * spread over many addresses run freely. So: 5 per (account, address) per 15 min, plus a global count per
 * account (30 per hour) that stops new addresses but never one that already signed in to the account.
 */
export class LoginFailures {
  readonly perAddress: WindowCounter;
  readonly perAccount: WindowCounter;
  private readonly known: WindowCounter;

  constructor(limits: Pick<AuthLimits, 'loginFailuresPerAccount' | 'loginFailuresPerAccountGlobal' | 'knownAddressMs'>) {
    this.perAddress = new WindowCounter(limits.loginFailuresPerAccount);
    this.perAccount = new WindowCounter(limits.loginFailuresPerAccountGlobal);
    this.known = new WindowCounter({ max: 1, windowMs: limits.knownAddressMs });
  }

  private static pair(account: string, address: string): string {
    return `${account}|${address}`;
  }

  /** Seconds this address must wait before trying this account again, or 0. */
  retryAfter(account: string, address: string): number {
    const pair = LoginFailures.pair(account, address);
    const own = this.perAddress.retryAfter(pair);
    if (own > 0) return own;
    return this.known.retryAfter(pair) > 0 ? 0 : this.perAccount.retryAfter(account);
  }

  failed(account: string, address: string): void {
    this.perAddress.hit(LoginFailures.pair(account, address));
    this.perAccount.hit(account);
  }

  /** A correct password: this address starts afresh and is known to the account from now on. */
  succeeded(account: string, address: string): void {
    const pair = LoginFailures.pair(account, address);
    this.perAddress.reset(pair);
    this.known.reset(pair);
    this.known.hit(pair);
  }

  clear(): void {
    this.perAddress.clear();
    this.perAccount.clear();
    this.known.clear();
  }
}

export class AuthThrottle {
  readonly loginFailures: LoginFailures;
  /** wrong current passwords on the profile's password change, per user */
  readonly passwordFailures: WindowCounter;
  readonly loginIp: WindowCounter;
  readonly forgotAccount: WindowCounter;
  readonly sensitiveIp: WindowCounter;

  constructor(readonly limits: AuthLimits = DEFAULT_AUTH_LIMITS) {
    this.loginFailures = new LoginFailures(limits);
    this.passwordFailures = new WindowCounter(limits.loginFailuresPerAccount);
    this.loginIp = new WindowCounter(limits.loginPerIp);
    this.forgotAccount = new WindowCounter(limits.forgotPerAccount);
    this.sensitiveIp = new WindowCounter(limits.sensitivePerIp);
  }

  clear(): void {
    this.loginFailures.clear();
    this.passwordFailures.clear();
    this.loginIp.clear();
    this.forgotAccount.clear();
    this.sensitiveIp.clear();
  }
}
