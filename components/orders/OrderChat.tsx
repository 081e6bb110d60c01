'use client';

/**
 * The order chat of /order/{id} (spec §2 Orders list and order detail: "an order chat"). History from
 * GET api/order/{id}/messages, live messages through the realtime room `Order-{id}`, sending with
 * POST api/order/{id}/messages (Enter sends, Shift+Enter makes a new line), own vs shop messages,
 * timestamps and a sending / sent / read / failed state. Text is rendered as text (React escapes it),
 * never as HTML. Opening the chat — and each shop message arriving while it is open — marks the shop's
 * messages read (POST …/messages/read), which also lowers the bell's unread count.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { ChatMessage } from '@/lib/contracts/messages';
import { useSession } from '@/lib/session/SessionProvider';
import { useRealtime } from '@/lib/socket/useRealtime';
import { MESSAGES_READ_EVENT } from '@/components/notifications/events';
import styles from './OrderChat.module.css';
import { markHydrated } from '@/lib/hydration';
import { apiPaths } from '@/lib/api/paths';

const MAX_CHAT_LENGTH = 2000;

type WireMessage = ChatMessage;

interface ChatItem extends WireMessage {
  key: string;
  status: 'sending' | 'sent' | 'failed';
}

const fromWire = (m: WireMessage): ChatItem => ({ ...m, key: `m${m.id}`, status: 'sent' });

/** Adds a server message once (by id), replacing the first pending copy of the same own text. */
export function mergeMessage(list: readonly ChatItem[], m: WireMessage, myId: number | null): ChatItem[] {
  if (list.some((x) => x.id === m.id && x.status === 'sent')) return [...list];
  if (m.userId === myId) {
    const i = list.findIndex((x) => x.status === 'sending' && x.text === m.text);
    if (i >= 0) return [...list.slice(0, i), fromWire(m), ...list.slice(i + 1)];
  }
  return [...list, fromWire(m)];
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
  const [items, setItems] = useState<ChatItem[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const seq = useRef(0);
  // Read receipts may arrive before the message they are about (the POST answer can come after the
  // other side read the broadcast): kept here and applied whenever the message shows up.
  const readAt = useRef(new Map<number, string>());
  const withReceipt = useCallback((x: ChatItem): ChatItem => {
    const at = readAt.current.get(x.id);
    return at && !x.viewedAt ? { ...x, viewedAt: at } : x;
  }, []);
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();

  const markRead = useCallback(() => {
    publicRequest<{ marked: number }>(apiPaths.orderMessagesRead(orderId), { method: 'POST' })
      .then((r) => {
        if (r?.marked > 0) window.dispatchEvent(new CustomEvent(MESSAGES_READ_EVENT, { detail: { marked: r.marked } }));
      })
      .catch(() => {
        /* stays unread; nothing to tell the visitor */
      });
  }, [orderId]);

  const load = useCallback(
    (signal?: AbortSignal) => {
      publicRequest<WireMessage[]>(apiPaths.orderMessages(orderId), { signal })
        .then((list) => {
          setItems((prev) => {
            const pending = (prev ?? []).filter((x) => x.status !== 'sent');
            return [...list.map(fromWire), ...pending];
          });
          setLoadFailed(false);
          // the other side's unread messages (the shop's for a customer, the customer's for staff)
          if (list.some((m) => m.userId !== myId && !m.viewedAt)) markRead();
        })
        .catch((error: unknown) => {
          if (signal?.aborted) return;
          setLoadFailed(true);
          setItems((prev) => prev ?? []);
          if ((error as { status?: number }).status === 401) handleError(error);
        });
    },
    [orderId, myId, markRead, handleError],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // the order's room: live messages and read receipts
  useEffect(() => {
    if (!realtime) return;
    const room = `Order-${orderId}`;
    void realtime.joinRoom(room);
    let connects = realtime.socket.connected ? 1 : 0;
    const offConnect = realtime.on('connect', () => {
      connects += 1;
      if (connects > 1) load(); // catch up after a reconnection
    });
    const offMessage = realtime.on('newMessage', (m?: WireMessage) => {
      if (!m || m.orderId !== orderId || typeof m.text !== 'string') return;
      setItems((prev) => mergeMessage(prev ?? [], m, myId).map(withReceipt));
      if (m.userId !== myId && document.visibilityState === 'visible') markRead();
    });
    const offRead = realtime.on('messagesRead', (e?: { orderId?: number; ids?: number[] }) => {
      if (!e || e.orderId !== orderId || !Array.isArray(e.ids)) return;
      const now = new Date().toISOString();
      for (const id of e.ids) if (typeof id === 'number' && !readAt.current.has(id)) readAt.current.set(id, now);
      setItems((prev) => (prev ?? []).map(withReceipt));
    });
    return () => {
      offConnect();
      offMessage();
      offRead();
      realtime.leaveRoom(room);
    };
  }, [realtime, orderId, myId, load, markRead, withReceipt]);

  // keep the newest message in view
  const count = items?.length ?? 0;
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const send = useCallback(
    async (text: string, retryKey?: string) => {
      const key = retryKey ?? `p${++seq.current}`;
      const pending: ChatItem = {
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
      setItems((prev) => (retryKey ? (prev ?? []).map((x) => (x.key === key ? pending : x)) : [...(prev ?? []), pending]));
      try {
        const saved = await publicRequest<WireMessage>(apiPaths.orderMessages(orderId), { method: 'POST', body: { text } });
        setItems((prev) => {
          const list = prev ?? [];
          if (list.some((x) => x.id === saved.id && x.status === 'sent')) return list.filter((x) => x.key !== key);
          return list.map((x) => (x.key === key ? withReceipt(fromWire(saved)) : x));
        });
      } catch (error) {
        setItems((prev) => (prev ?? []).map((x) => (x.key === key ? { ...x, status: 'failed' } : x)));
        handleError(error);
      }
    },
    [orderId, myId, handleError, withReceipt],
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

