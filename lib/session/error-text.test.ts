import en from '@/messages/en/account.json';
import es from '@/messages/es/account.json';
import pt from '@/messages/pt-BR/account.json';
import { ACCOUNT_MESSAGES, ERROR_CODES } from '@/lib/contracts/errors';
import { accountErrorKey, translateAccountError } from './error-text';

const t = (key: string) => {
  const k = key.replace('server.', '') as keyof typeof en.server;
  return en.server[k];
};

describe('account error texts by code', () => {
  it('the Spanish message file holds the API texts of the account flows, each translated', () => {
    expect(es.server).toEqual(ACCOUNT_MESSAGES);
    for (const k of Object.keys(ACCOUNT_MESSAGES)) {
      expect((en.server as Record<string, string>)[k]).toBeTruthy();
      expect((pt.server as Record<string, string>)[k]).toBeTruthy();
    }
  });

  it('maps a code to its account key; unknown or missing codes to null', () => {
    expect(accountErrorKey('WRONG_CREDENTIALS')).toBe('wrongCredentials');
    expect(accountErrorKey('TOKEN_INVALID')).toBe('tokenInvalid');
    expect(accountErrorKey(ERROR_CODES.unverifiedNoResend)).toBe('unverifiedNoResend');
    // a code of the API that the account flows do not translate
    expect(accountErrorKey('CATEGORY_SLUG_TAKEN')).toBeNull();
    expect(accountErrorKey('INVALID_FIELD')).toBeNull();
    expect(accountErrorKey('SOMETHING_NEW')).toBeNull();
    expect(accountErrorKey(null)).toBeNull();
  });

  it('translates by code, whatever the text says', () => {
    expect(translateAccountError(t, { code: 'WRONG_CREDENTIALS', message: 'Los datos son incorrectos' }, 'x')).toBe('The details are incorrect');
    // the code decides, not the text (a reworded server message still translates)
    expect(translateAccountError(t, { code: 'WRONG_CREDENTIALS', message: 'Otro texto' }, 'x')).toBe('The details are incorrect');
    // and a table text without its code is not guessed from
    expect(translateAccountError(t, { code: 'INVALID_FIELD', message: 'Los datos son incorrectos' }, 'x')).toBe('Los datos son incorrectos');
  });

  it('a code without an account text shows the server message, or the fallback without one', () => {
    expect(translateAccountError(t, { code: 'INVALID_FIELD', message: 'Debe ser un email valido' }, 'x')).toBe('Debe ser un email valido');
    expect(translateAccountError(t, { code: null, message: null }, 'fallback')).toBe('fallback');
  });
});
