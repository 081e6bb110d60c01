/** @jest-environment node */
import { decodeJwtPayload, isStaffToken } from './staff';

function jwt(payload: object): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}.signature`;
}

const NOW = Date.UTC(2026, 10, 21);
const future = NOW / 1000 + 3600;

describe('isStaffToken', () => {
  it.each(['superadmin', 'admin', 'employee', 'orderemployee'])('lets the %s role through', (role) => {
    expect(isStaffToken(jwt({ sub: '1', role, exp: future }), NOW)).toBe(true);
  });

  it.each(['customer', 'vipcustomer', '', 'Admin'])('keeps the %p role out', (role) => {
    expect(isStaffToken(jwt({ sub: '1', role, exp: future }), NOW)).toBe(false);
  });

  it('refuses expired, malformed or missing tokens', () => {
    expect(isStaffToken(jwt({ role: 'admin', exp: NOW / 1000 - 1 }), NOW)).toBe(false);
    expect(isStaffToken('not-a-jwt', NOW)).toBe(false);
    expect(isStaffToken('a.%%%.c', NOW)).toBe(false);
    expect(isStaffToken(`${jwt({ role: 'admin' }).split('.')[0]}.${Buffer.from('[1]').toString('base64url')}.s`, NOW)).toBe(false);
    expect(isStaffToken(undefined)).toBe(false);
    expect(isStaffToken('')).toBe(false);
  });

  it('accepts a token without exp (the API still verifies every call)', () => {
    expect(isStaffToken(jwt({ role: 'employee' }), NOW)).toBe(true);
  });

  it('decodes UTF-8 payloads', () => {
    expect(decodeJwtPayload(jwt({ name: 'Ñandú' }))).toEqual({ name: 'Ñandú' });
  });
});
