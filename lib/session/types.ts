/** Wire shapes of the session and account answers (spec §7 "Session and account"). */
import type { SessionUser } from './store';

/** POST auth/login, POST auth/verify, POST auth/changePassword, POST api/user/password, POST auth/google */
export interface SessionAnswer {
  user: SessionUser;
  token: string;
  permissions: string[];
}

/** GET auth (session check). It never renews the token: POST auth/refresh does (ADR 0005). */
export interface SessionCheckAnswer {
  user: SessionUser;
  permissions: string[];
}

/** POST auth/autoLogin */
export interface AutoLoginAnswer {
  User: {
    id: number;
    email: string;
    name: string;
    lastname?: string;
    Role: { name: string; Permissions: { name: string }[] };
  };
  token: string;
  order: number | null;
}

/** GET api/auth/providers */
export interface AuthProviders {
  google: { clientId: string } | null;
}

/** GET/POST api/user/subscriptions */
export interface MailPreferences {
  email: string;
  orderMails: boolean;
  news: boolean;
}

/** GET api/user/me */
export interface Profile extends SessionUser {
  name: string;
  lastname: string;
  contactNumber: string | null;
  role: string;
  isVip: boolean;
  emailVerified: boolean;
}

export function sessionFromAutoLogin(a: AutoLoginAnswer): SessionAnswer {
  return {
    token: a.token,
    user: { id: a.User.id, email: a.User.email, name: a.User.name, lastname: a.User.lastname, role: a.User.Role.name },
    permissions: a.User.Role.Permissions.map((p) => p.name),
  };
}
