import { maintenanceHtml, plainMessage } from './page';

describe('plainMessage: source or precompiled (next-intl precompile) messages', () => {
  it('keeps strings and rebuilds placeholders of the compiled array form', () => {
    expect(plainMessage('Hola {number}.')).toBe('Hola {number}.');
    expect(plainMessage(['Escribinos al ', ['number'], '.'])).toBe('Escribinos al {number}.');
    expect(plainMessage(undefined)).toBe('');
    expect(plainMessage(42)).toBe('');
  });
  it('the maintenance page carries the WhatsApp link in every locale', () => {
    for (const locale of ['es', 'en', 'pt-BR'] as const) {
      const html = maintenanceHtml(locale);
      expect(html).toContain('href="https://wa.me/');
      expect(html).not.toContain('{number}');
    }
  });
});
