import es from '@/messages/es/account.json';
import en from '@/messages/en/account.json';
import pt from '@/messages/pt-BR/account.json';
import { ACCOUNT_MESSAGES, serverMessageKey, translateServerMessage } from './server-messages';

describe('account server messages', () => {
  it('the Spanish message file repeats the texts the API sends', () => {
    expect(es.server).toEqual(ACCOUNT_MESSAGES);
  });
  it('en and pt-BR translate every one', () => {
    for (const k of Object.keys(ACCOUNT_MESSAGES)) {
      expect((en.server as Record<string, string>)[k]).toBeTruthy();
      expect((pt.server as Record<string, string>)[k]).toBeTruthy();
    }
  });
  it('maps a known text to its key and translates it; unknown texts pass through', () => {
    expect(serverMessageKey('Token invalido')).toBe('tokenInvalid');
    expect(serverMessageKey('algo nuevo')).toBeNull();
    const t = (k: string) => (en as unknown as { server: Record<string, string> }).server[k.replace('server.', '')];
    expect(translateServerMessage(t, 'Los datos son incorrectos', 'x')).toBe('The details are incorrect');
    expect(translateServerMessage(t, 'algo nuevo', 'x')).toBe('algo nuevo');
    expect(translateServerMessage(t, null, 'fallback')).toBe('fallback');
  });
});
