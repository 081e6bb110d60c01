import es from '@/messages/es/toast.json';
import en from '@/messages/en/toast.json';
import pt from '@/messages/pt-BR/toast.json';
import { NAMESPACES } from '@/i18n/messages';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('toast messages', () => {
  it("is a registered namespace", () => {
    expect(NAMESPACES).toContain('toast');
  });

  it('en and pt-BR translate every Spanish key', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
    expect(keys(pt).sort()).toEqual(keys(es).sort());
  });

  it('uses the spec texts and keeps the {hotkey} placeholder', () => {
    expect(es.notification).toBe('Notificación');
    expect(en.notification).toBe('Notification');
    expect(pt.notification).toBe('Notificação');
    expect(es.close).toBe('Cerrar');
    for (const m of [es, en, pt]) expect(m.viewportLabel).toContain('{hotkey}');
  });
});
