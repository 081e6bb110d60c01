import {
  DEFAULT_MESSAGE_SECONDS,
  MAX_MESSAGES,
  MESSAGE_ICONS,
  MESSAGE_REMOVE_DELAY_MS,
  initialMessagesState,
  isMessageType,
  messageDurationMs,
  messageRole,
  messageTone,
  messagesReducer,
  scheduleMessageDismiss,
  scheduleMessageLifecycle,
  visibleMessage,
  type MessagesAction,
  type MessagesState,
} from './messages';

function add(state: MessagesState, id: number, message = `m${id}`, messageType: 'SUCCESS' | 'ERROR' = 'SUCCESS') {
  return messagesReducer(state, { type: 'ADD', id, messageType, message });
}

/** A tiny store: reducer + dispatch, to drive the scheduler like the provider does. */
function store() {
  let state: MessagesState = initialMessagesState;
  const dispatch = (a: MessagesAction) => {
    state = messagesReducer(state, a);
  };
  return { dispatch, get: () => state };
}

describe('messagesReducer', () => {
  it('ADD appends an active message with its id, type and text', () => {
    const s = add(initialMessagesState, 0, 'Datos guardados correctamente');
    expect(s).toEqual([{ id: 0, type: 'SUCCESS', message: 'Datos guardados correctamente', active: true }]);
  });

  it('ADD keeps insertion order and ignores a duplicate id', () => {
    let s = add(add(initialMessagesState, 0), 1);
    expect(s.map((m) => m.id)).toEqual([0, 1]);
    const again = add(s, 1, 'other');
    expect(again).toBe(s);
    s = again;
    expect(s).toHaveLength(2);
  });

  it('INACTIVE clears the active flag of that message only', () => {
    const s = messagesReducer(add(add(initialMessagesState, 0), 1), { type: 'INACTIVE', id: 0 });
    expect(s.map((m) => m.active)).toEqual([false, true]);
  });

  it('INACTIVE and DELETE on an unknown id (or twice) return the same state', () => {
    const s = add(initialMessagesState, 0);
    expect(messagesReducer(s, { type: 'INACTIVE', id: 9 })).toBe(s);
    expect(messagesReducer(s, { type: 'DELETE', id: 9 })).toBe(s);
    const inactive = messagesReducer(s, { type: 'INACTIVE', id: 0 });
    expect(messagesReducer(inactive, { type: 'INACTIVE', id: 0 })).toBe(inactive);
  });

  it('DELETE removes the message', () => {
    const s = messagesReducer(add(add(initialMessagesState, 0), 1), { type: 'DELETE', id: 0 });
    expect(s.map((m) => m.id)).toEqual([1]);
  });

  it('ignores unknown actions', () => {
    const s = add(initialMessagesState, 0);
    expect(messagesReducer(s, { type: 'NOPE' } as unknown as MessagesAction)).toBe(s);
  });

  it(`never keeps more than ${MAX_MESSAGES} messages (oldest dropped)`, () => {
    let s = initialMessagesState;
    for (let i = 0; i < MAX_MESSAGES + 5; i++) s = add(s, i);
    expect(s).toHaveLength(MAX_MESSAGES);
    expect(s[0].id).toBe(5);
    expect(visibleMessage(s)?.id).toBe(MAX_MESSAGES + 4);
  });
});

describe('visibleMessage', () => {
  it('is null when empty, else the most recently added message', () => {
    expect(visibleMessage(initialMessagesState)).toBeNull();
    const s = add(add(add(initialMessagesState, 0), 1), 2, 'newest');
    expect(visibleMessage(s)?.message).toBe('newest');
  });

  it('stays the newest while it fades out (inactive), then falls back to an older one still listed', () => {
    let s = add(add(initialMessagesState, 0, 'old'), 1, 'new');
    s = messagesReducer(s, { type: 'INACTIVE', id: 1 });
    expect(visibleMessage(s)).toMatchObject({ message: 'new', active: false });
    s = messagesReducer(s, { type: 'DELETE', id: 1 });
    expect(visibleMessage(s)?.message).toBe('old');
  });
});

describe('helpers', () => {
  it('duration: 4 s default, caller seconds, bad values fall back, huge values are clamped', () => {
    expect(DEFAULT_MESSAGE_SECONDS).toBe(4);
    expect(messageDurationMs()).toBe(4000);
    expect(messageDurationMs(2.5)).toBe(2500);
    for (const bad of [0, -1, NaN, Infinity, '3' as unknown as number]) expect(messageDurationMs(bad)).toBe(4000);
    expect(messageDurationMs(1e9)).toBe(3600 * 1000);
  });

  it('tones, icons and roles', () => {
    expect(['INFO', 'ERROR', 'SUCCESS', 'WARNING', 'DEBUG', ''].map(messageTone)).toEqual([
      'info',
      'error',
      'success',
      'warning',
      'other',
      'other',
    ]);
    expect(MESSAGE_ICONS).toEqual({ info: 'ℹ️', error: '❌', success: '✅', warning: '⚠️', other: '🔔' });
    expect(['ERROR', 'WARNING', 'INFO', 'SUCCESS', 'X'].map(messageRole)).toEqual([
      'alert',
      'alert',
      'status',
      'status',
      'status',
    ]);
    expect(isMessageType('INFO')).toBe(true);
    expect(isMessageType('info')).toBe(false);
    expect(isMessageType(3)).toBe(false);
  });
});

describe('scheduleMessageLifecycle (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('default: active for 4 s, inactive at 4 s, deleted 1 s later', () => {
    const { dispatch, get } = store();
    dispatch({ type: 'ADD', id: 0, messageType: 'INFO', message: 'hola' });
    scheduleMessageLifecycle(dispatch, 0);
    jest.advanceTimersByTime(3999);
    expect(get()[0].active).toBe(true);
    jest.advanceTimersByTime(1);
    expect(get()[0].active).toBe(false);
    jest.advanceTimersByTime(MESSAGE_REMOVE_DELAY_MS - 1);
    expect(get()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(get()).toHaveLength(0);
  });

  it('uses the caller-given seconds', () => {
    const { dispatch, get } = store();
    dispatch({ type: 'ADD', id: 0, messageType: 'INFO', message: 'hola' });
    scheduleMessageLifecycle(dispatch, 0, 10);
    jest.advanceTimersByTime(9999);
    expect(get()[0].active).toBe(true);
    jest.advanceTimersByTime(1);
    expect(get()[0].active).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(get()).toEqual([]);
  });

  it('each message has its own clock; the newest is the one displayed', () => {
    const { dispatch, get } = store();
    dispatch({ type: 'ADD', id: 0, messageType: 'INFO', message: 'first' });
    scheduleMessageLifecycle(dispatch, 0);
    jest.advanceTimersByTime(2000);
    dispatch({ type: 'ADD', id: 1, messageType: 'ERROR', message: 'second' });
    scheduleMessageLifecycle(dispatch, 1);
    expect(visibleMessage(get())?.message).toBe('second');
    jest.advanceTimersByTime(3000); // first: inactive at 4 s, deleted at 5 s
    expect(get().map((m) => m.id)).toEqual([1]);
    expect(visibleMessage(get())?.active).toBe(true);
    jest.advanceTimersByTime(999);
    expect(visibleMessage(get())?.active).toBe(true);
    jest.advanceTimersByTime(1); // second: inactive at 6 s
    expect(visibleMessage(get())?.active).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(visibleMessage(get())).toBeNull();
  });

  it('cancel stops both steps (before or after INACTIVE)', () => {
    const { dispatch, get } = store();
    dispatch({ type: 'ADD', id: 0, messageType: 'INFO', message: 'a' });
    scheduleMessageLifecycle(dispatch, 0)();
    jest.advanceTimersByTime(10_000);
    expect(get()[0].active).toBe(true);

    dispatch({ type: 'ADD', id: 1, messageType: 'INFO', message: 'b' });
    const cancel = scheduleMessageLifecycle(dispatch, 1);
    jest.advanceTimersByTime(4000);
    cancel();
    jest.advanceTimersByTime(10_000);
    expect(get().find((m) => m.id === 1)).toMatchObject({ active: false });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('scheduleMessageDismiss: inactive now, deleted 1 s later', () => {
    const { dispatch, get } = store();
    dispatch({ type: 'ADD', id: 0, messageType: 'INFO', message: 'a' });
    scheduleMessageDismiss(dispatch, 0);
    expect(get()[0].active).toBe(false);
    jest.advanceTimersByTime(999);
    expect(get()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(get()).toHaveLength(0);
  });
});
