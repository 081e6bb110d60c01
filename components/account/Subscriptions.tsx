'use client';

/**
 * E-mail preferences (/suscriptions?token=…): reached from the signed one-click link in every mail, no
 * login needed. Two switches (order updates, news) and a one-click "unsubscribe from everything".
 */
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { MailPreferences } from '@/lib/contracts/account';
import { CheckboxField, FormMessage } from '@/components/ui/Field';
import { useAccountApi, useServerError } from './hooks';
import styles from './account.module.css';
import spin from '@/components/ui/Spinner.module.css';
import { apiPaths } from '@/lib/api/paths';
import { SubmitButton } from './SubmitButton';

type View =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'ready'; prefs: MailPreferences; notice: { tone: 'success' | 'error'; text: string } | null };

export function Subscriptions({ token, unsubscribe = false }: { token: string | null; unsubscribe?: boolean }) {
  const t = useTranslations('account.subscriptions');
  const tf = useTranslations('account.form');
  const api = useAccountApi();
  const serverError = useServerError();
  const [view, setView] = useState<View>(token ? { kind: 'loading' } : { kind: 'invalid' });
  const [busy, setBusy] = useState(false);
  const path = token ? apiPaths.subscriptions(token) : '';

  useEffect(() => {
    if (!path) return;
    let cancelled = false;
    void (async () => {
      // `?unsubscribe=1` (the mail's one-click link) turns everything off at once.
      const res = unsubscribe
        ? await api<MailPreferences>(path, { method: 'POST', body: { orderMails: false, news: false } })
        : await api<MailPreferences>(path);
      if (cancelled) return;
      if (res.ok && res.data) {
        setView({
          kind: 'ready',
          prefs: res.data,
          notice: unsubscribe ? { tone: 'success', text: t('unsubscribed') } : null,
        });
      } else setView({ kind: 'invalid' });
    })();
    return () => {
      cancelled = true;
    };
  }, [path, api, unsubscribe, t]);

  const save = async (prefs: { orderMails: boolean; news: boolean }, all = false) => {
    if (view.kind !== 'ready') return;
    setBusy(true);
    const res = await api<MailPreferences>(path, { method: 'POST', body: prefs });
    setBusy(false);
    if (res.ok && res.data) {
      setView({ kind: 'ready', prefs: res.data, notice: { tone: 'success', text: all ? t('unsubscribed') : t('saved') } });
    } else {
      setView({
        ...view,
        notice: { tone: 'error', text: res.status === 0 ? tf('network') : serverError(res) },
      });
    }
  };

  if (view.kind === 'loading') {
    return (
      <div className={styles.center} role="status">
        <span className={spin.xl} aria-hidden="true" />
        <p>{t('loading')}</p>
      </div>
    );
  }

  if (view.kind === 'invalid') {
    return (
      <div className={styles.form}>
        <FormMessage tone="error">{t('invalid')}</FormMessage>
        <Link href="/">{t('home')}</Link>
      </div>
    );
  }

  const { prefs, notice } = view;
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        void save({ orderMails: data.get('orderMails') === 'on', news: data.get('news') === 'on' });
      }}
      key={`${prefs.orderMails}-${prefs.news}`}
    >
      <p className={styles.intro}>{t('intro', { email: prefs.email })}</p>
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <div>
        <CheckboxField id="subs-orders" name="orderMails" label={t('orderMails')} defaultChecked={prefs.orderMails} />
        <p className={styles.hint}>{t('orderMailsHint')}</p>
      </div>
      <div>
        <CheckboxField id="subs-news" name="news" label={t('news')} defaultChecked={prefs.news} />
        <p className={styles.hint}>{t('newsHint')}</p>
      </div>
      <SubmitButton disabled={busy}>
        {t('save')}
      </SubmitButton>
      <button
        type="button"
        className={`${styles.button} ${styles.buttonSecondary}`}
        disabled={busy}
        onClick={() => void save({ orderMails: false, news: false }, true)}
      >
        {t('unsubscribeAll')}
      </button>
    </form>
  );
}
