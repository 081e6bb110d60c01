/** POST auth/autoLogin's answer (spec §7) as the session every other sign-in answers. */
import type { AutoLoginAnswer, SessionAnswer } from '@/lib/contracts/account';

export function sessionFromAutoLogin(a: AutoLoginAnswer): SessionAnswer {
  return {
    token: a.token,
    user: { id: a.User.id, email: a.User.email, name: a.User.name, lastname: a.User.lastname, role: a.User.Role.name },
    permissions: a.User.Role.Permissions.map((p) => p.name),
  };
}
