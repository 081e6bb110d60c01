/**
 * `npm run staff:create -- --email dueño@tienda.com.ar --name Ana --lastname Pérez [--role superadmin]`:
 * creates a staff account (verified, so it can sign in at once) in the configured database. The password
 * is read from STAFF_PASSWORD or, when unset, from the first line of standard input, so it never sits in
 * the shell history or the process list. Validated with the registration rules; the demo password is refused.
 */
import { parseArgs } from 'node:util';
import { firstIssueMessage, registerSchema } from '../../lib/validation/account';
import { hashPassword } from '../auth/password';
import { findUserByEmail, normalizeEmail, roleIdByName, STAFF_ROLES } from '../auth/users';
import { openConfiguredDb } from '../db/open';
import { users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/data';
import { ensureBaseData } from '../db/seed/base';
import { prepareDataDir } from '../data-dir';
import { loadEnv } from '../env';

const HELP = `Uso: npm run staff:create -- --email EMAIL --name NOMBRE --lastname APELLIDO [--role ROL]

  Crea una cuenta del personal ya verificada. ROL: ${STAFF_ROLES.join(', ')} (por defecto superadmin).
  La contraseña se lee de STAFF_PASSWORD o, si no está definida, de la primera línea de la entrada
  estándar (por ejemplo: read -rs P && printf '%s\\n' "$P" | npm run staff:create -- --email …).
  Mismas reglas que el registro (8 caracteres como mínimo); la contraseña de demostración no se acepta.

Base de datos: DATABASE_URL=postgres://… o, si no está definida, PGlite en $DATA_DIR/pglite
(con PGlite la API debe estar detenida).`;

async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Contraseña (no se muestra; terminá con Enter): ');
  let data = '';
  for await (const chunk of process.stdin) {
    data += chunk.toString();
    if (data.includes('\n')) break;
  }
  return data.split(/\r?\n/)[0] ?? '';
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      lastname: { type: 'string' },
      role: { type: 'string', default: 'superadmin' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (!(STAFF_ROLES as readonly string[]).includes(values.role!)) {
    console.error(`Rol inválido: ${values.role}. Roles del personal: ${STAFF_ROLES.join(', ')}`);
    return 2;
  }
  const password = process.env.STAFF_PASSWORD ?? (await readStdinLine());
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
  const db = await openConfiguredDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, owner: 'staff:create' });
  try {
    await ensureBaseData(db.db);
    const email = normalizeEmail(parsed.data.email);
    if (await findUserByEmail(db.db, email)) {
      console.error(`Ya existe una cuenta con el email ${email}: no se modificó nada.`);
      return 1;
    }
    const roleId = await roleIdByName(db.db, values.role!);
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

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
