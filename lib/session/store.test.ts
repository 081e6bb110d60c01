import Cookies from 'js-cookie';
import {
  PERMISSIONS_KEY,
  REMEMBER_KEY,
  TOKEN_COOKIE,
  USER_INFO_KEY,
  clearSession,
  decodeJwtPayload,
  hasPermission,
  isTokenExpired,
  readRemember,
  readSession,
  readToken,
  saveSession,
  tokenExpiry,
  writeRemember,
} from './store';

function b64url(obj: unknown): string {
  return Buffer.from(JSON.stringify(obj)).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}
function fakeJwt(payload: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.sig`;
}

const future = Math.floor(Date.now() / 1000) + 3600;
const user = { id: 7, email: 'ana@example.com', name: 'Ána', lastname: 'Pérez', role: 'customer' };

beforeEach(() => {
  localStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
});

describe('JWT helpers', () => {
  it('decodes the payload (with non-ASCII claims) and the expiry', () => {
    const token = fakeJwt({ sub: '7', name: 'Ñandú', exp: future });
    expect(decodeJwtPayload(token)).toMatchObject({ sub: '7', name: 'Ñandú' });
    expect(tokenExpiry(token)?.getTime()).toBe(future * 1000);
    expect(isTokenExpired(token)).toBe(false);
    expect(isTokenExpired(fakeJwt({ exp: 1 }))).toBe(true);
  });
  it('returns null for garbage', () => {
    expect(decodeJwtPayload('nope')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
    expect(tokenExpiry('a.b.c')).toBeNull();
  });
});

describe('saveSession / readSession / clearSession', () => {
  it('stores the token in the userToken cookie and user + permissions in localStorage', () => {
    const token = fakeJwt({ sub: '7', exp: future });
    saveSession({ token, user, permissions: ['isVip'] });
    expect(Cookies.get(TOKEN_COOKIE)).toBe(token);
    expect(readToken()).toBe(token);
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null')).toEqual(user);
    expect(JSON.parse(localStorage.getItem(PERMISSIONS_KEY) ?? 'null')).toEqual(['isVip']);
    expect(readSession()).toEqual({ token, user, permissions: ['isVip'] });
  });

  it('does not read an expired token or a missing user', () => {
    saveSession({ token: fakeJwt({ exp: 1 }), user, permissions: [] });
    expect(readSession()).toBeNull();
    Cookies.set(TOKEN_COOKIE, fakeJwt({ exp: future }));
    localStorage.removeItem(USER_INFO_KEY);
    expect(readSession()).toBeNull();
    localStorage.setItem(USER_INFO_KEY, '{not json');
    expect(readSession()).toBeNull();
  });

  it('logout clears only the session keys: the guest cart and remember-me stay', () => {
    saveSession({ token: fakeJwt({ exp: future }), user, permissions: [] });
    const cart = { cartItems: '[{"id":1,"units":3}]', cartQuantity: '3', cartTotal: '300', limited: 'false', rooms: '["User-7"]' };
    for (const [k, v] of Object.entries(cart)) localStorage.setItem(k, v);
    writeRemember(true, 'ana@example.com');
    clearSession();
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(localStorage.getItem(PERMISSIONS_KEY)).toBeNull();
    for (const [k, v] of Object.entries(cart)) expect(localStorage.getItem(k)).toBe(v);
    expect(localStorage.getItem(REMEMBER_KEY)).not.toBeNull();
  });
});

describe('hasPermission', () => {
  it('tests membership', () => {
    expect(hasPermission(['isVip'], 'isVip')).toBe(true);
    expect(hasPermission([], 'isVip')).toBe(false);
    expect(hasPermission(null, 'isVip')).toBe(false);
  });
});

describe('remember-me', () => {
  it('stores the e-mail when checked and forgets it when not', () => {
    expect(readRemember()).toBeNull();
    writeRemember(true, 'ana@example.com');
    expect(readRemember()).toEqual({ checked: true, email: 'ana@example.com' });
    writeRemember(false, 'ana@example.com');
    expect(readRemember()).toBeNull();
  });
});
