/**
 * Where the suite points and as whom (issue 22). Two modes, chosen by the environment:
 * - local (default): playwright.config.ts starts the API and a production storefront on E2E_PORT /
 *   E2E_API_PORT with the demo catalogue and the demo accounts;
 * - external: E2E_BASE_URL (storefront) and E2E_API_URL (API) name a running deployment (staging, or
 *   production for the read-only @smoke tests); nothing is started or seeded, and the test accounts
 *   come from E2E_CUSTOMER_* / E2E_VIP_* / E2E_STAFF_* (created by staff with `npm run accounts:create`).
 */

const trim = (url: string) => url.replace(/\/+$/, '');

export const EXTERNAL = Boolean(process.env.E2E_BASE_URL);
export const SITE = trim(process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`);
export const API = trim(process.env.E2E_API_URL ?? `http://localhost:${process.env.E2E_API_PORT ?? 4100}`);
/** A Mailpit-compatible HTTP API of the mail catcher the API's SMTP delivers to (see e2e/support/mailbox.ts). */
export const MAIL_API = process.env.E2E_MAIL_API_URL ? trim(process.env.E2E_MAIL_API_URL) : null;

/**
 * This run's id (set once by playwright.config.ts, inherited by its workers): in every name the suite
 * creates on a shared database (e-mails, addresses, chat messages), so a person can tell QA's rows apart.
 */
export const RUN_ID = process.env.E2E_RUN_ID ?? 'qa-local';

export type Role = 'customer' | 'vip' | 'staff';
export interface Credentials {
  email: string;
  password: string;
}

/** The variables that name each test account in external mode. */
export const ACCOUNT_VARIABLES: Record<Role, [email: string, password: string]> = {
  customer: ['E2E_CUSTOMER_EMAIL', 'E2E_CUSTOMER_PASSWORD'],
  vip: ['E2E_VIP_EMAIL', 'E2E_VIP_PASSWORD'],
  staff: ['E2E_STAFF_EMAIL', 'E2E_STAFF_PASSWORD'],
};

/** The demo seed's accounts (server/db/seed/data.ts): the local default. */
const DEMO: Record<Role, string> = { customer: 'cliente@example.com', vip: 'vip@example.com', staff: 'staff@example.com' };
const DEMO_PASSWORD = 'tienda-demo';

/** The account of a role: the variables when set, the demo account locally, nothing in external mode. */
export function credentials(role: Role): Credentials | null {
  const [emailVar, passwordVar] = ACCOUNT_VARIABLES[role];
  const email = process.env[emailVar];
  const password = process.env[passwordVar];
  if (email && password) return { email, password };
  return EXTERNAL ? null : { email: DEMO[role], password: DEMO_PASSWORD };
}

/** The e-mail of a new account made by a test: this run's id in it, at a domain that never receives mail. */
let seq = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${RUN_ID}.${Date.now().toString(36)}${++seq}@example.com`;
}
