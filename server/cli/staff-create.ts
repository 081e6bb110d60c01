/**
 * `npm run staff:create -- --email dueño@tienda.com.ar --name Ana --lastname Pérez [--role superadmin]`:
 * `accounts:create` limited to the staff roles (./accounts-create.ts); the password from STAFF_PASSWORD,
 * ACCOUNT_PASSWORD or the first line of standard input.
 */
import { STAFF_ROLES } from '../auth/users';
import { runCli } from './accounts-create';

runCli({ command: 'staff:create', roles: STAFF_ROLES, defaultRole: 'superadmin' });
