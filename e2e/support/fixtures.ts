import { test as base, expect } from '@playwright/test';
import { ACCOUNT_VARIABLES, credentials, type Role } from './env';
import { Ledger, signIn, type Account } from './shop';

/**
 * Tags (issue 22), chosen with `--grep`:
 * - `@staging`: safe on a shared, long-lived staging database — needs only the two URLs and the test
 *   accounts, creates what it needs with the run id in its names, never changes shared settings or
 *   products, and puts the accounts back as it found them (the fixtures below, even when it fails);
 * - `@smoke`: read-only (no sign-in, no search — searches are counted — no write of any kind), safe on
 *   production right after a deploy.
 * Untagged tests run only locally: playwright.config.ts says why for whole files.
 */
export const STAGING = '@staging';
export const SMOKE = '@smoke';

export { expect };
export type { Account };

/** The credentials of a role, or the test is skipped naming the variables to set. */
export function need(role: Role) {
  const c = credentials(role);
  test.skip(!c, `needs the ${role} test account: set ${ACCOUNT_VARIABLES[role].join(' and ')} (npm run accounts:create makes one)`);
  return c!;
}

/**
 * Signed-in test accounts (API session). `customer` and `vip` keep a ledger: after the test, whatever it
 * left open on them is closed or deleted (orders cancelled, addresses deleted, unused billing data
 * deleted), and a failed cleanup fails the test.
 */
export const test = base.extend<{ customer: Account; vip: Account; staff: Account }>({
  staff: async ({ request }, use) => {
    await use(await signIn(request, 'staff', need('staff')));
  },
  customer: async ({ request }, use) => {
    await withLedger(request, 'customer', use);
  },
  vip: async ({ request }, use) => {
    await withLedger(request, 'vip', use);
  },
});

async function withLedger(request: Parameters<typeof signIn>[0], role: Role, use: (a: Account) => Promise<void>) {
  const account = await signIn(request, role, need(role));
  let staff: Account | undefined;
  const ledger = await Ledger.open(request, account, async () => (staff ??= await signIn(request, 'staff', need('staff'))));
  try {
    await use(account);
  } finally {
    await ledger.settle();
  }
}
