import es from '@/messages/es/account.json';
import en from '@/messages/en/account.json';
import pt from '@/messages/pt-BR/account.json';
import {
  VALIDATION_MESSAGES_ES,
  changePasswordSchema,
  firstIssueMessage,
  forgotSchema,
  loginSchema,
  messagesFrom,
  profileSchema,
  registerSchema,
  resetSchema,
  type ValidationKey,
} from './account';

/** field → first message, as react-hook-form shows them */
function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) {
    const k = String(i.path[0]);
    if (!(k in out)) out[k] = i.message;
  }
  return out;
}

describe('spec §5 Spanish messages', () => {
  it('are exactly the spec texts', () => {
    expect(VALIDATION_MESSAGES_ES).toMatchObject({
      name: 'Ingresa un nombre válido',
      lastname: 'Ingresa un apellido válido',
      email: 'Debe ser un email valido',
      password: 'La contraseña debe tener 8 caracteres al menos',
      confirmPassword: 'Las contraseñas no coinciden',
      required: 'Este Campo es Obligatorio',
      terms: 'Debe aceptar los terminos y condiciones',
      resetPassword: 'Contraseña debe tener un minimo de 8 caracteres',
      resetConfirm: 'Confirmar contraseña',
    });
  });

  it('the Spanish message file carries the same texts, and en/pt-BR translate every key', () => {
    expect(es.validation).toEqual(VALIDATION_MESSAGES_ES);
    for (const key of Object.keys(VALIDATION_MESSAGES_ES)) {
      expect(typeof (en.validation as Record<string, string>)[key]).toBe('string');
      expect(typeof (pt.validation as Record<string, string>)[key]).toBe('string');
    }
  });

  it('messagesFrom builds a message set from a translator', () => {
    const m = messagesFrom((k: ValidationKey) => `t:${k}`);
    const r = registerSchema(m).safeParse({});
    expect(errors(r).name).toBe('t:required');
  });
});

describe('loginSchema', () => {
  const s = loginSchema();
  it('accepts a valid login and lowercases the e-mail', () => {
    const r = s.parse({ email: ' Ana@Example.COM ', password: '1234567' });
    expect(r).toEqual({ email: 'ana@example.com', password: '1234567', remember: false });
  });
  it('rejects e-mails with spaces or no domain', () => {
    expect(errors(s.safeParse({ email: 'ana @example.com', password: '1234567' })).email).toBe('Debe ser un email valido');
    expect(errors(s.safeParse({ email: 'ana@example', password: '1234567' })).email).toBe('Debe ser un email valido');
  });
  it('requires 7 password characters', () => {
    expect(errors(s.safeParse({ email: 'a@b.co', password: '123456' })).password).toBe(
      'La contraseña debe tener 7 caracteres al menos',
    );
    expect(errors(s.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Este Campo es Obligatorio',
      password: 'Este Campo es Obligatorio',
    });
  });
});

describe('registerSchema', () => {
  const s = registerSchema();
  const ok = {
    name: 'María José',
    lastname: "O'Connor-Pérez",
    email: 'maria@example.com',
    password: '12345678',
    confirmPassword: '12345678',
    acceptTerms: true,
  };
  it('accepts a valid registration', () => {
    expect(s.safeParse(ok).success).toBe(true);
  });
  it('shows every message at once on an empty submit', () => {
    expect(errors(s.safeParse({ name: '', lastname: '', email: '', password: '', confirmPassword: '', acceptTerms: false }))).toEqual({
      name: 'Este Campo es Obligatorio',
      lastname: 'Este Campo es Obligatorio',
      email: 'Este Campo es Obligatorio',
      password: 'Este Campo es Obligatorio',
      confirmPassword: 'Este Campo es Obligatorio',
      acceptTerms: 'Debe aceptar los terminos y condiciones',
    });
  });
  it('uses the spec messages per rule', () => {
    expect(
      errors(
        s.safeParse({ ...ok, name: '1234', lastname: '@@', email: 'x@', password: '1234567', confirmPassword: 'abcdefgh', acceptTerms: false }),
      ),
    ).toEqual({
      name: 'Ingresa un nombre válido',
      lastname: 'Ingresa un apellido válido',
      email: 'Debe ser un email valido',
      password: 'La contraseña debe tener 8 caracteres al menos',
      confirmPassword: 'Las contraseñas no coinciden',
      acceptTerms: 'Debe aceptar los terminos y condiciones',
    });
  });
  it('reports a missing acceptTerms with the terms message (API body)', () => {
    const { acceptTerms: _omit, ...rest } = ok;
    void _omit;
    const r = s.safeParse(rest);
    expect(r.success).toBe(false);
    if (!r.success) expect(firstIssueMessage(r.error)).toBe('Debe aceptar los terminos y condiciones');
  });
});

describe('forgotSchema', () => {
  it('validates the e-mail', () => {
    expect(forgotSchema().safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(errors(forgotSchema().safeParse({ email: 'nope' })).email).toBe('Debe ser un email valido');
  });
});

describe('resetSchema (7 by the check, 8 in the message, as the spec says)', () => {
  const s = resetSchema();
  it('accepts 7 characters', () => {
    expect(s.safeParse({ newPassword: '1234567', confirmPassword: '1234567' }).success).toBe(true);
  });
  it('rejects 6 characters with the spec message and a mismatch with "Confirmar contraseña"', () => {
    expect(errors(s.safeParse({ newPassword: '123456', confirmPassword: 'x' }))).toEqual({
      newPassword: 'Contraseña debe tener un minimo de 8 caracteres',
      confirmPassword: 'Confirmar contraseña',
    });
  });
});

describe('profileSchema', () => {
  const s = profileSchema();
  it('accepts a phone number, an empty one, or nothing', () => {
    expect(s.safeParse({ contactNumber: '+54 9 11 4444-5555' }).success).toBe(true);
    expect(s.safeParse({ contactNumber: '' }).success).toBe(true);
    expect(s.safeParse({}).success).toBe(true);
  });
  it('rejects letters in the number and bad names', () => {
    expect(errors(s.safeParse({ contactNumber: 'llamame' })).contactNumber).toBe('Ingresa un número de contacto válido');
    expect(errors(s.safeParse({ name: '9' })).name).toBe('Ingresa un nombre válido');
  });
});

describe('changePasswordSchema', () => {
  it('requires the current password, 8 new characters and a matching confirmation', () => {
    expect(errors(changePasswordSchema().safeParse({ currentPassword: '', newPassword: '1234', confirmPassword: '9' }))).toEqual({
      currentPassword: 'Este Campo es Obligatorio',
      newPassword: 'La contraseña debe tener 8 caracteres al menos',
      confirmPassword: 'Las contraseñas no coinciden',
    });
  });
});

describe('invisible characters and look-alike e-mails (issue 19 item 14)', () => {
  const base = { name: 'Ana', lastname: 'Pérez', password: '12345678', confirmPassword: '12345678', acceptTerms: true };
  const INVISIBLE = 'No se permiten caracteres invisibles';

  it.each([
    ['zero-width space', 'ana\u200B@example.com'],
    ['right-to-left override', 'ana\u202E@example.com'],
    ['soft hyphen', 'an\u00ADa@example.com'],
    ['byte-order mark inside', 'ana\uFEFF@example.com'],
    ['control character', 'ana\u0007@example.com'],
  ])('registration refuses an e-mail with a %s, with a Spanish message', (_label, email) => {
    const r = registerSchema().safeParse({ ...base, email });
    expect(errors(r).email).toBe(INVISIBLE);
    expect(errors(forgotSchema().safeParse({ email })).email).toBe(INVISIBLE);
    expect(errors(loginSchema().safeParse({ email, password: '1234567' })).email).toBe(INVISIBLE);
  });

  it('refuses names with format characters', () => {
    expect(errors(registerSchema().safeParse({ ...base, email: 'ana@example.com', name: 'An\u200Ba' })).name).toBe(INVISIBLE);
    expect(errors(registerSchema().safeParse({ ...base, email: 'ana@example.com', lastname: 'P\u202Eérez' })).lastname).toBe(INVISIBLE);
    expect(errors(profileSchema().safeParse({ name: 'Ana\u2060' })).name).toBe(INVISIBLE);
  });

  it('normalises with NFKC and lower-cases: full-width and upper-case spellings are one address', () => {
    const r = registerSchema().parse({ ...base, email: 'ＡＮＡ@ＥＸＡＭＰＬＥ.com' });
    expect(r.email).toBe('ana@example.com');
    expect(registerSchema().parse({ ...base, email: 'Ana@EXAMPLE.COM' }).email).toBe('ana@example.com');
  });
});
