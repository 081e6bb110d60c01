/** argon2id password hashing. A constant dummy hash keeps "unknown e-mail" as slow as "wrong password". */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS);
}

let dummy: Promise<string> | null = null;

/** True when `plain` matches `hash`; with no hash (unknown user, Google-only account) it still spends the time. */
export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    dummy ??= argon2.hash('dummy-password-for-timing', OPTIONS);
    await argon2.verify(await dummy, plain).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
