/**
 * `npm run accounts:create -- --role ROL --email … --name … --lastname …` creates a verified account of
 * any role (a customer, a VIP customer or staff: the test accounts QA needs on a staging deployment, the
 * shop's first staff member) in the configured database, never through a public endpoint.
 * `npm run staff:create` is the same command limited to staff roles (superadmin by default).
 * The password is read from ACCOUNT_PASSWORD (STAFF_PASSWORD for staff:create, kept for old scripts) or,
 * when unset, from the first line of standard input, so it never sits in the shell history or the
 * process list. Validated with the registration rules; the demo password is refused.
 */
import { parseArgs } from 'node:util';
import { firstIssueMessage, registerSchema } from '../../lib/validation/account';
import { hashPassword } from '../auth/password';
import { CUSTOMER_ROLE, findUserByEmail, normalizeEmail, roleIdByName, STAFF_ROLES } from '../auth/users';
import { openConfiguredDb } from '../db/open';
import { users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/data';
import { ensureBaseData } from '../db/seed/base';
import { prepareDataDir } from '../data-dir';
import { loadEnv } from '../env';
import { exitWith } from './exit';

/** Every role an account can be created with: customers, VIP customers (isVip) and the staff roles. */
export const ACCOUNT_ROLES = [CUSTOMER_ROLE, 'vipcustomer', ...STAFF_ROLES] as const;

interface CliOptions {
  command: 'accounts:create' | 'staff:create';
  roles: readonly string[];
  /** staff:create keeps its historical default; accounts:create asks for the role */
  defaultRole?: string;
}

function help(o: CliOptions): string {
  const role = o.defaultRole ? `[--role ROL]` : `--role ROL`;
  return `Uso: npm run ${o.command} -- ${role} --email EMAIL --name NOMBRE --lastname APELLIDO

  Crea una cuenta ya verificada. ROL: ${o.roles.join(', ')}${o.defaultRole ? ` (por defecto ${o.defaultRole})` : ''}.
  La contraseña se lee de ACCOUNT_PASSWORD${o.command === 'staff:create' ? ' (o STAFF_PASSWORD)' : ''} o, si no está definida, de la
  primera línea de la entrada estándar (por ejemplo: read -rs P && printf '%s\\n' "$P" | npm run ${o.command} -- --email …).
  Mismas reglas que el registro (8 caracteres como mínimo); la contraseña de demostración no se acepta.

Base de datos: DATABASE_URL=postgres://… o, si no está definida, PGlite en $DATA_DIR/pglite
(con PGlite la API debe estar detenida).`;
}

async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Contraseña (no se muestra; terminá con Enter): ');
  let data = '';
  for await (const chunk of process.stdin) {
    data += chunk.toString();
    if (data.includes('\n')) break;
  }
  return data.split(/\r?\n/)[0] ?? '';
}

export async function createAccountCli(o: CliOptions, argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      lastname: { type: 'string' },
      role: { type: 'string', default: o.defaultRole },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(help(o));
    return 0;
  }
  if (!values.role) {
    console.error(`Falta --role. Roles: ${o.roles.join(', ')}`);
    return 2;
  }
  if (!o.roles.includes(values.role)) {
    console.error(`Rol inválido: ${values.role}. Roles: ${o.roles.join(', ')}`);
    return 2;
  }
  const password = process.env.ACCOUNT_PASSWORD ?? (o.command === 'staff:create' ? process.env.STAFF_PASSWORD : undefined) ?? (await readStdinLine());
  const parsed = registerSchema().safeParse({
    name: values.name ?? '',
    lastname: values.lastname ?? '',
    email: values.email ?? '',
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  if (!parsed.success) {
    // the field name too: "Este campo es requerido" alone would not say which flag is missing
    const issue = parsed.error.issues[0];
    console.error(`${issue ? `${String(issue.path[0] ?? '')}: ` : ''}${firstIssueMessage(parsed.error)}`);
    return 2;
  }
  if (password === DEMO_PASSWORD) {
    console.error('Esa es la contraseña de demostración publicada: elegí otra.');
    return 2;
  }

  const env = loadEnv();
  prepareDataDir(env.dataDir);
  const db = await openConfiguredDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, owner: o.command });
  try {
    await ensureBaseData(db.db);
    const email = normalizeEmail(parsed.data.email);
    if (await findUserByEmail(db.db, email)) {
      console.error(`Ya existe una cuenta con el email ${email}: no se modificó nada.`);
      return 1;
    }
    const roleId = await roleIdByName(db.db, values.role);
    if (!roleId) throw new Error(`falta el rol ${values.role}`);
    await db.db.insert(users).values({
      name: parsed.data.name,
      lastname: parsed.data.lastname,
      email,
      passwordHash: await hashPassword(password),
      roleId,
      emailVerifiedAt: new Date(),
    });
    console.log(`Cuenta ${email} creada con el rol ${values.role}.`);
    return 0;
  } finally {
    await db.close();
  }
}

export function runCli(o: CliOptions): void {
  exitWith(() => createAccountCli(o));
}

// Run as a script (not when staff-create.ts imports it).
if (process.argv[1] && /accounts-create\.ts$/.test(process.argv[1])) runCli({ command: 'accounts:create', roles: ACCOUNT_ROLES });
