/**
 * In-app message system (spec §4 "In-app toast"): a pure reducer plus a tiny lifecycle scheduler.
 *
 * A message is added active; after its duration (default 4 s, or the caller's seconds) it becomes
 * inactive (the view fades it out) and 1 s later it is deleted. Only the most recently added message
 * is displayed. No React here: the React side lives in components/toast/MessagesProvider.tsx.
 */

export type MessageType = 'SUCCESS' | 'WARNING' | 'ERROR' | 'INFO';

const MESSAGE_TYPES: readonly MessageType[] = ['SUCCESS', 'WARNING', 'ERROR', 'INFO'];

export interface ToastMessage {
  /** Incrementing id (the message's position in the sequence of added messages). */
  id: number;
  type: MessageType;
  message: string;
  active: boolean;
}

export type MessagesState = readonly ToastMessage[];

export type MessagesAction =
  | { type: 'ADD'; id: number; messageType: MessageType; message: string }
  | { type: 'INACTIVE'; id: number }
  | { type: 'DELETE'; id: number };

/** Spec §9: in-app message default duration 4 s, removed 1 s after deactivation. */
export const DEFAULT_MESSAGE_SECONDS = 4;
export const MESSAGE_REMOVE_DELAY_MS = 1000;
/** Safety cap: a burst of messages never keeps more than this many entries (only the newest is shown). */
export const MAX_MESSAGES = 10;
/** Upper bound for a caller-given duration (an hour): larger values are clamped, so setTimeout never overflows. */
const MAX_MESSAGE_SECONDS = 3600;

export const initialMessagesState: MessagesState = [];

export function messagesReducer(state: MessagesState, action: MessagesAction): MessagesState {
  switch (action.type) {
    case 'ADD': {
      if (state.some((m) => m.id === action.id)) return state;
      const next = [...state, { id: action.id, type: action.messageType, message: action.message, active: true }];
      return next.length > MAX_MESSAGES ? next.slice(next.length - MAX_MESSAGES) : next;
    }
    case 'INACTIVE': {
      const target = state.find((m) => m.id === action.id);
      if (!target || !target.active) return state;
      return state.map((m) => (m.id === action.id ? { ...m, active: false } : m));
    }
    case 'DELETE': {
      if (!state.some((m) => m.id === action.id)) return state;
      return state.filter((m) => m.id !== action.id);
    }
    default:
      return state;
  }
}

/** The message on screen: the most recently added one (whether still active or fading out), or null. */
export function visibleMessage(state: MessagesState): ToastMessage | null {
  return state.length > 0 ? state[state.length - 1] : null;
}

/** Normalises a caller-given duration: a positive finite number of seconds, else the 4 s default. */
export function messageDurationMs(seconds?: number): number {
  const s =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
      ? Math.min(seconds, MAX_MESSAGE_SECONDS)
      : DEFAULT_MESSAGE_SECONDS;
  return Math.round(s * 1000);
}

export type MessageTone = 'info' | 'error' | 'success' | 'warning' | 'other';

/** Style of a message type: INFO blue, ERROR red, SUCCESS green, WARNING yellow, anything else gray. */
export function messageTone(type: string): MessageTone {
  switch (type) {
    case 'INFO':
      return 'info';
    case 'ERROR':
      return 'error';
    case 'SUCCESS':
      return 'success';
    case 'WARNING':
      return 'warning';
    default:
      return 'other';
  }
}

export const MESSAGE_ICONS: Record<MessageTone, string> = {
  info: 'ℹ️',
  error: '❌',
  success: '✅',
  warning: '⚠️',
  other: '🔔',
};

/** Errors and warnings interrupt (role=alert); info and success are polite (role=status). */
export function messageRole(type: string): 'alert' | 'status' {
  return type === 'ERROR' || type === 'WARNING' ? 'alert' : 'status';
}

export function isMessageType(value: unknown): value is MessageType {
  return typeof value === 'string' && (MESSAGE_TYPES as readonly string[]).includes(value);
}

/**
 * Schedules the lifecycle of one message: INACTIVE after its duration, DELETE 1 s later.
 * Returns a cancel function (clears whatever has not fired yet).
 */
export function scheduleMessageLifecycle(
  dispatch: (action: MessagesAction) => void,
  id: number,
  seconds?: number,
): () => void {
  let handle: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
    dispatch({ type: 'INACTIVE', id });
    handle = setTimeout(() => {
      handle = undefined;
      dispatch({ type: 'DELETE', id });
    }, MESSAGE_REMOVE_DELAY_MS);
  }, messageDurationMs(seconds));
  return () => {
    clearTimeout(handle);
    handle = undefined;
  };
}

/** Dismisses a message early (close button): INACTIVE now, DELETE 1 s later. Returns a cancel function. */
export function scheduleMessageDismiss(dispatch: (action: MessagesAction) => void, id: number): () => void {
  dispatch({ type: 'INACTIVE', id });
  const handle = setTimeout(() => dispatch({ type: 'DELETE', id }), MESSAGE_REMOVE_DELAY_MS);
  return () => clearTimeout(handle);
}
