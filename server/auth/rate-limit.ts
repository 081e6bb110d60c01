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
  /** failed logins per account */
  loginFailuresPerAccount: WindowLimit;
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
  loginPerIp: { max: 20, windowMs: 60_000 },
  forgotPerAccount: { max: 3, windowMs: 15 * 60_000 },
  sensitivePerIp: { max: 20, windowMs: 60_000 },
  verifyResendMs: 5 * 60_000,
};

export class AuthThrottle {
  readonly loginFailures: WindowCounter;
  readonly loginIp: WindowCounter;
  readonly forgotAccount: WindowCounter;
  readonly sensitiveIp: WindowCounter;

  constructor(readonly limits: AuthLimits = DEFAULT_AUTH_LIMITS) {
    this.loginFailures = new WindowCounter(limits.loginFailuresPerAccount);
    this.loginIp = new WindowCounter(limits.loginPerIp);
    this.forgotAccount = new WindowCounter(limits.forgotPerAccount);
    this.sensitiveIp = new WindowCounter(limits.sensitivePerIp);
  }

  clear(): void {
    this.loginFailures.clear();
    this.loginIp.clear();
    this.forgotAccount.clear();
    this.sensitiveIp.clear();
  }
}
