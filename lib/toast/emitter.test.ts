import { MAX_PENDING, notify, onNotifyQueued, resetNotifyEmitter, subscribeNotify } from './emitter';

afterEach(() => resetNotifyEmitter());

describe('notify emitter', () => {
  it('delivers to subscribers, with seconds only when given', () => {
    const seen = jest.fn();
    const off = subscribeNotify(seen);
    notify('ERROR', 'Error en la solicitud');
    notify('SUCCESS', 'Datos guardados correctamente', 6);
    expect(seen.mock.calls).toEqual([
      [{ type: 'ERROR', message: 'Error en la solicitud' }],
      [{ type: 'SUCCESS', message: 'Datos guardados correctamente', seconds: 6 }],
    ]);
    off();
    notify('INFO', 'después');
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('queues messages sent before anyone listens and flushes them once, oldest first', () => {
    notify('INFO', 'uno');
    notify('WARNING', 'dos');
    const first = jest.fn();
    subscribeNotify(first);
    expect(first.mock.calls.map(([r]) => r.message)).toEqual(['uno', 'dos']);
    const second = jest.fn();
    subscribeNotify(second);
    expect(second).not.toHaveBeenCalled();
  });

  it(`keeps at most ${MAX_PENDING} queued messages (the newest)`, () => {
    for (let i = 0; i < MAX_PENDING + 3; i++) notify('INFO', `m${i}`);
    const seen = jest.fn();
    subscribeNotify(seen);
    expect(seen.mock.calls.map(([r]) => r.message)).toEqual(
      Array.from({ length: MAX_PENDING }, (_, i) => `m${i + 3}`),
    );
  });

  it('ignores empty or non-string messages', () => {
    const seen = jest.fn();
    subscribeNotify(seen);
    notify('ERROR', '');
    notify('ERROR', '   ');
    notify('ERROR', undefined as unknown as string);
    notify('ERROR', { message: 'x' } as unknown as string);
    expect(seen).not.toHaveBeenCalled();
  });

  it('delivers to every subscriber', () => {
    const a = jest.fn();
    const b = jest.fn();
    subscribeNotify(a);
    subscribeNotify(b);
    notify('INFO', 'hola');
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });
});

describe('onNotifyQueued (the toast area loads its provider with the first message)', () => {
  it('wakes when a message is queued with nobody listening, not when a listener takes it', () => {
    const wake = jest.fn();
    const off = onNotifyQueued(wake);
    const listen = subscribeNotify(() => {});
    notify('INFO', 'entregado');
    expect(wake).not.toHaveBeenCalled();
    listen();
    notify('INFO', 'en cola');
    expect(wake).toHaveBeenCalledTimes(1);
    off();
    notify('INFO', 'otra');
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('wakes at once when a message is already waiting, and the subscriber then gets it', () => {
    notify('ERROR', 'antes');
    const wake = jest.fn();
    onNotifyQueued(wake);
    expect(wake).toHaveBeenCalledTimes(1);
    const seen = jest.fn();
    subscribeNotify(seen);
    expect(seen).toHaveBeenCalledWith({ type: 'ERROR', message: 'antes' });
  });
});
