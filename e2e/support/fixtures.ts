import { test as base, expect } from '@playwright/test';
import { ACCOUNT_VARIABLES, credentials, EXTERNAL, type Role } from './env';
import { emptySavedCart, Ledger, signIn, type Account } from './shop';

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
 * Something a test needs from the catalogue (found through the API, never by a fixed id or slug): against a
 * deployment whose catalogue lacks it the test is skipped saying so; locally (the demo catalogue has it) it fails.
 */
export function needData<T>(value: T | null | undefined, what: string): T {
  if (EXTERNAL) test.skip(value == null, `the deployment's catalogue has no ${what}`);
  else expect(value, `the demo catalogue has ${what}`).toBeTruthy();
  return value!;
}

/**
 * Signed-in test accounts (API session). `customer` and `vip` keep a ledger: after the test, whatever it
 * left open on them is closed or deleted (orders cancelled, addresses deleted, unused billing data
 * deleted, the saved cart emptied), and a failed cleanup fails the test.
 */
export const test = base.extend<{ customer: Account; vip: Account; staff: Account }>({
  // (the second argument is Playwright's `use`, named otherwise for the React hooks lint rule)
  staff: async ({ request }, provide) => {
    await provide(await signIn(request, 'staff', need('staff')));
  },
  customer: async ({ request }, provide) => {
    await withLedger(request, 'customer', provide);
  },
  vip: async ({ request }, provide) => {
    await withLedger(request, 'vip', provide);
  },
});

async function withLedger(request: Parameters<typeof signIn>[0], role: Role, provide: (a: Account) => Promise<void>) {
  const account = await signIn(request, role, need(role));
  let staff: Account | undefined;
  const ledger = await Ledger.open(request, account, async () => (staff ??= await signIn(request, 'staff', need('staff'))));
  // every test starts and ends with an empty saved cart (it follows the account from test to test otherwise)
  await emptySavedCart(request, account);
  try {
    await provide(account);
  } finally {
    await emptySavedCart(request, account);
    await ledger.settle();
  }
}
