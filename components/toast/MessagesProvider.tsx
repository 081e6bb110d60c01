'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
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
import { LiveRegions } from './LiveRegions';
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
export function MessagesProvider({ children, regions }: { children?: ReactNode; regions?: MessageRegions }) {
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

  const status = visible && role === 'status' ? <MessageCard key={visible.id} item={visible} onClose={dismiss} /> : null;
  const alert = visible && role === 'alert' ? <MessageCard key={visible.id} item={visible} onClose={dismiss} /> : null;
  return (
    <MessagesContext.Provider value={value}>
      {children}
      {regions ? (
        <>
          {createPortal(status, regions.status)}
          {createPortal(alert, regions.alert)}
        </>
      ) : (
        <LiveRegions status={status} alert={alert} />
      )}
    </MessagesContext.Provider>
  );
}

/** The two live regions the provider fills, when a parent rendered them already (ToastArea). */
export interface MessageRegions {
  status: HTMLElement;
  alert: HTMLElement;
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
