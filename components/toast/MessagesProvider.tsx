'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import {
  MESSAGE_ICONS,
  initialMessagesState,
  messageRole,
  messageTone,
  messagesReducer,
  scheduleMessageDismiss,
  scheduleMessageLifecycle,
  visibleMessage,
  type MessageType,
  type MessagesAction,
  type ToastMessage,
} from '@/lib/toast/messages';
import { notify as emitNotify, subscribeNotify } from '@/lib/toast/emitter';
import styles from './toast.module.css';

export type Notify = (type: MessageType, message: string, seconds?: number) => void;

const MessagesContext = createContext<{ notify: Notify } | null>(null);

const FALLBACK = { notify: emitNotify };

/**
 * `{ notify(type, message, seconds?) }`. Inside <MessagesProvider> it talks to it directly; anywhere
 * else it goes through the module-level emitter, which the provider mounted by <ToastArea /> listens to.
 */
export function useMessages(): { notify: Notify } {
  return useContext(MessagesContext) ?? FALLBACK;
}

/**
 * Holds the in-app messages (spec §4) and shows the most recent one. Renders two persistent live
 * regions (polite and assertive) so screen readers announce each message as it is inserted.
 */
export function MessagesProvider({ children }: { children?: ReactNode }) {
  const [state, dispatch] = useReducer(messagesReducer, initialMessagesState);
  const nextId = useRef(0);
  const cancels = useRef(new Map<number, () => void>());

  const run = useCallback((action: MessagesAction) => {
    if (action.type === 'DELETE') cancels.current.delete(action.id);
    dispatch(action);
  }, []);

  const notify = useCallback<Notify>(
    (type, message, seconds) => {
      if (typeof message !== 'string' || message.trim() === '') return;
      const id = nextId.current++;
      run({ type: 'ADD', id, messageType: type, message });
      cancels.current.set(id, scheduleMessageLifecycle(run, id, seconds));
    },
    [run],
  );

  const dismiss = useCallback(
    (id: number) => {
      cancels.current.get(id)?.();
      cancels.current.set(id, scheduleMessageDismiss(run, id));
    },
    [run],
  );

  // Timers are not cancelled on unmount on purpose: a late dispatch to an unmounted reducer is a no-op,
  // and cancelling would strand messages across StrictMode's simulated unmount/remount.
  useEffect(() => subscribeNotify((r) => notify(r.type, r.message, r.seconds)), [notify]);

  const value = useMemo(() => ({ notify }), [notify]);
  const visible = visibleMessage(state);
  const role = visible ? messageRole(visible.type) : null;

  return (
    <MessagesContext.Provider value={value}>
      {children}
      <div className={styles.messages}>
        <div role="status" aria-live="polite" aria-atomic="true" className={styles.live}>
          {visible && role === 'status' ? <MessageCard key={visible.id} item={visible} onClose={dismiss} /> : null}
        </div>
        <div role="alert" aria-live="assertive" aria-atomic="true" className={styles.live}>
          {visible && role === 'alert' ? <MessageCard key={visible.id} item={visible} onClose={dismiss} /> : null}
        </div>
      </div>
    </MessagesContext.Provider>
  );
}

function MessageCard({ item, onClose }: { item: ToastMessage; onClose: (id: number) => void }) {
  const t = useTranslations('toast');
  const tone = messageTone(item.type);
  return (
    <div
      className={`${styles.message} ${styles[tone]} ${item.active ? styles.in : styles.out}`}
      data-tone={tone}
      data-state={item.active ? 'active' : 'inactive'}
      inert={!item.active}
    >
      <span className={styles.icon} role="img" aria-label={t(`types.${tone === 'other' ? 'OTHER' : item.type}`)}>
        {MESSAGE_ICONS[tone]}
      </span>
      <div className={styles.body}>
        <p className={styles.title}>{t('notification')}</p>
        <p className={styles.text}>{item.message}</p>
      </div>
      <button type="button" className={styles.close} aria-label={t('close')} onClick={() => onClose(item.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
