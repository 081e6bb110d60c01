'use client';

/**
 * The order chat of /order/{id} (spec §2 Orders list and order detail: "an order chat"). History from
 * GET api/order/{id}/messages, live messages through the realtime room `Order-{id}`, sending with
 * POST api/order/{id}/messages (Enter sends, Shift+Enter makes a new line), own vs shop messages,
 * timestamps and a sending / sent / read / failed state. Text is rendered as text (React escapes it),
 * never as HTML. The history is read through swr (lib/api/swr.ts): read again when the tab comes back and
 * after a reconnection; live messages, read receipts and the answers to what this visitor sends are written
 * into that cached history. Opening the chat — and each message of the other side arriving while it is on
 * screen — marks them read (POST …/messages/read), which also lowers the bell's unread count.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import { useApiRead } from '@/lib/api/swr';
import { chatHistorySchema, type ChatMessage } from '@/lib/contracts/messages';
import { useSession } from '@/lib/session/SessionProvider';
import { useRealtime } from '@/lib/socket/useRealtime';
import { useMessagesMarkedRead } from '@/components/notifications/notifications-data';
import styles from './OrderChat.module.css';
import { markHydrated } from '@/lib/hydration';
import { apiPaths } from '@/lib/api/paths';

const MAX_CHAT_LENGTH = 2000;

type WireMessage = ChatMessage;

/** An own message not in the history yet (sending) or refused (failed, with a retry). */
interface PendingItem extends WireMessage {
  key: string;
  status: 'sending' | 'failed';
}
type ChatItem = (WireMessage & { key: string; status: 'sent' }) | PendingItem;

/** The history with a server message added once (by id). */
export function addMessage(history: readonly WireMessage[], m: WireMessage): WireMessage[] {
  return history.some((x) => x.id === m.id) ? [...history] : [...history, m];
}

/** The pending own messages once `m` reached the history: its first sending copy (same own text) goes. */
export function settlePending(pending: readonly PendingItem[], m: WireMessage, myId: number | null): PendingItem[] {
  if (m.userId !== myId) return [...pending];
  const i = pending.findIndex((x) => x.status === 'sending' && x.text === m.text);
  return i < 0 ? [...pending] : [...pending.slice(0, i), ...pending.slice(i + 1)];
}

const codepoints = (s: string) => [...s].length;

/** A phone or tablet (coarse pointer, no hover): Enter makes a new line there. */
function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse) and (hover: none)').matches;
}

/**
 * `staff`: the back-office's view (issue 32, item 4) — each message names its author (the API sends names to
 * staff only), the customer's by the customer's name, and the empty state speaks to staff, not to the customer.
 */
export function OrderChat({ orderId, staff }: { orderId: number; staff?: { customerName: string } }) {
  const t = useTranslations('notifications.chat');
  const format = useFormatter();
  const { user } = useSession();
  const myId = user?.id ?? null;
  const { handleError } = usePublicApi();
  const realtime = useRealtime();
  const [pending, setPending] = useState<PendingItem[]>([]);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const seq = useRef(0);
  // ids of own messages whose POST answered (their pending copy is gone already; the broadcast must not take another)
  const answered = useRef(new Set<number>());
  // Read receipts may arrive before the message they are about (the POST answer can come after the
  // other side read the broadcast): kept here and applied whenever the message shows up.
  const [readAt, setReadAt] = useState<ReadonlyMap<number, string>>(() => new Map());
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();
  const marked = useMessagesMarkedRead();

  // a 401 that survived the token renewal ends the session (spec §8); other failures say so above the log
  const onLoadError = useCallback((error: unknown) => {
    if ((error as { status?: number }).status === 401) handleError(error);
  }, [handleError]);
  const { data: history, error: loadError, mutate } = useApiRead(apiPaths.orderMessages(orderId), chatHistorySchema, { onError: onLoadError });
  const loadFailed = Boolean(loadError);

  // the other side's unread messages (the shop's for a customer, the customer's for staff) are marked read while
  // the page is on screen: on opening, on each that arrives, and on coming back to the tab
  const unread = (history ?? []).filter((m) => m.userId !== myId && !m.viewedAt).map((m) => m.id).join(',');
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    onChange();
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!unread || !visible) return;
    const ids = new Set(unread.split(',').map(Number));
    publicRequest<{ marked: number }>(apiPaths.orderMessagesRead(orderId), { method: 'POST' })
      .then((r) => {
        const now = new Date().toISOString();
        // read now: the cached history says so (no second POST for the same messages)
        void mutate((list) => list?.map((m) => (ids.has(m.id) && !m.viewedAt ? { ...m, viewedAt: now } : m)), { revalidate: false });
        marked(Number(r?.marked) || 0);
      })
      .catch(() => {
        /* stays unread; nothing to tell the visitor */
      });
  }, [unread, visible, orderId, mutate, marked]);

  // the order's room: live messages and read receipts
  useEffect(() => {
    if (!realtime) return;
    const room = `Order-${orderId}`;
    // The history is read again once the room is joined: a message sent between the first read and the
    // join (the socket connects after the page) would otherwise show only after a reload (seen in CI).
    void realtime.joinRoom(room).then((answer) => {
      if (answer.ok && realtime.socket.connected) void mutate();
    });
    // not connected yet, or connected again: the rooms are rejoined on connect, and the history caught up
    const offConnect = realtime.on('connect', () => void mutate());
    const offMessage = realtime.on('newMessage', (m?: WireMessage) => {
      if (!m || m.orderId !== orderId || typeof m.text !== 'string') return;
      void mutate((list) => addMessage(list ?? [], m), { revalidate: false });
      if (!answered.current.has(m.id)) setPending((list) => settlePending(list, m, myId));
    });
    const offRead = realtime.on('messagesRead', (e?: { orderId?: number; ids?: number[] }) => {
      if (!e || e.orderId !== orderId || !Array.isArray(e.ids)) return;
      const now = new Date().toISOString();
      setReadAt((prev) => {
        const next = new Map(prev);
        for (const id of e.ids ?? []) if (typeof id === 'number' && !next.has(id)) next.set(id, now);
        return next;
      });
    });
    return () => {
      offConnect();
      offMessage();
      offRead();
      realtime.leaveRoom(room);
    };
  }, [realtime, orderId, myId, mutate]);

  const items: ChatItem[] | null =
    history === undefined && !loadFailed
      ? null
      : [
          ...(history ?? []).map((m): ChatItem => {
            const at = readAt.get(m.id);
            return { ...m, viewedAt: m.viewedAt ?? at ?? null, key: `m${m.id}`, status: 'sent' };
          }),
          ...pending,
        ];

  // keep the newest message in view
  const count = items?.length ?? 0;
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const send = useCallback(
    async (text: string, retryKey?: string) => {
      const key = retryKey ?? `p${++seq.current}`;
      const item: PendingItem = {
        key,
        id: -1,
        orderId,
        userId: myId ?? -1,
        text,
        fromShop: false,
        createdAt: new Date().toISOString(),
        viewedAt: null,
        status: 'sending',
      };
      setPending((prev) => (retryKey ? prev.map((x) => (x.key === key ? item : x)) : [...prev, item]));
      try {
        const saved = await publicRequest<WireMessage>(apiPaths.orderMessages(orderId), { method: 'POST', body: { text } });
        answered.current.add(saved.id);
        void mutate((list) => addMessage(list ?? [], saved), { revalidate: false });
        setPending((prev) => prev.filter((x) => x.key !== key));
      } catch (error) {
        setPending((prev) => prev.map((x) => (x.key === key ? { ...x, status: 'failed' } : x)));
        handleError(error);
      }
    },
    [orderId, myId, handleError, mutate],
  );

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const text = draft.trim();
    if (!text || codepoints(text) > MAX_CHAT_LENGTH) return;
    setDraft('');
    void send(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // On a touch screen Enter is the only way to a new line: there it stays a new line, the button sends.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && !isTouchScreen()) {
      e.preventDefault();
      submit();
    }
  };

  const length = codepoints(draft.trim());
  const tooLong = length > MAX_CHAT_LENGTH;
  const when = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? '' : format.dateTime(d, { dateStyle: 'short', timeStyle: 'short' });
  };

  return (
    <section ref={markHydrated} className={styles.chat} aria-labelledby={titleId} data-testid="order-chat">
      <h2 id={titleId} className={styles.title}>
        {t('title')}
      </h2>
      {items === null ? (
        <p className={styles.muted} role="status">
          {t('loading')}
        </p>
      ) : null}
      {loadFailed ? (
        <p className={styles.error} role="alert">
          {t('loadError')}
        </p>
      ) : null}
      {items !== null && items.length === 0 && !loadFailed ? <p className={styles.muted}>{staff ? t('emptyStaff') : t('empty')}</p> : null}
      <ol ref={listRef} className={styles.log} role="log" aria-live="polite" aria-label={t('log')} hidden={!items?.length}>
        {(items ?? []).map((m) => {
          const mine = m.status !== 'sent' || m.userId === myId;
          return (
            <li key={m.key} className={`${styles.message} ${mine ? styles.mine : styles.theirs}`} data-testid="chat-message" data-mine={mine}>
              <span className={styles.author} data-testid="chat-author">
                {mine ? t('you') : staff ? (m.authorName ?? (m.fromShop ? t('staffUnknown') : staff.customerName)) : m.fromShop ? t('shop') : null}
              </span>
              <p className={styles.text}>{m.text}</p>
              <span className={styles.meta}>
                {m.status === 'sent' ? <time dateTime={m.createdAt}>{when(m.createdAt)}</time> : null}
                {mine ? (
                  <span className={m.status === 'failed' ? styles.failed : undefined} data-testid="chat-status">
                    {m.status === 'sending' ? t('sending') : m.status === 'failed' ? t('failed') : m.viewedAt ? t('read') : t('sent')}
                  </span>
                ) : null}
                {m.status === 'failed' ? (
                  <button type="button" className={styles.retry} onClick={() => void send(m.text, m.key)}>
                    {t('retry')}
                  </button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor={inputId} className={styles.label}>
          {t('label')}
        </label>
        <textarea
          id={inputId}
          className={styles.input}
          value={draft}
          rows={2}
          placeholder={t('placeholder')}
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <div className={styles.row}>
          <span id={hintId} className={tooLong ? styles.error : styles.muted}>
            {tooLong ? (
              t('tooLong', { max: MAX_CHAT_LENGTH })
            ) : length > MAX_CHAT_LENGTH - 200 ? (
              t('remaining', { count: MAX_CHAT_LENGTH - length })
            ) : (
              <>
                <span className={styles.hintFine}>{t('hint')}</span>
                <span className={styles.hintTouch}>{t('hintTouch')}</span>
              </>
            )}
          </span>
          <button type="submit" className={styles.send} disabled={!length || tooLong}>
            {t('send')}
          </button>
        </div>
      </form>
    </section>
  );
}

