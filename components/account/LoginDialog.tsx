'use client';

/**
 * The login side panel's dialog (LoginPanel loads it on the first press of its trigger): a panel from the
 * right with the login form, focus kept inside, Escape or the backdrop closes it.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { LoginForm } from './LoginForm';
import styles from './LoginPanel.module.css';
import { keepTabInside } from '@/components/ui/focus-trap';

export function LoginDialog({ googleClientId, onClose, onDone }: { googleClientId?: string | null; onClose: () => void; onDone: () => void }) {
  const t = useTranslations('account.login');
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    // Focus the e-mail field (the first input), not the close button; should the form render its fields
    // later, focus the close button meanwhile and wait for them.
    const focusFirstInput = () => {
      const input = panel.current?.querySelector<HTMLElement>('input');
      input?.focus();
      return Boolean(input);
    };
    let observer: MutationObserver | null = null;
    if (!focusFirstInput() && panel.current) {
      panel.current.querySelector<HTMLElement>('button')?.focus();
      observer = new MutationObserver(() => {
        if (focusFirstInput()) observer?.disconnect();
      });
      observer.observe(panel.current, { childList: true, subtree: true });
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
        return;
      }
      if (e.key !== 'Tab' || !panel.current) return;
      // Keep focus inside the dialog.
      const items = Array.from(
        panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), iframe'),
      ).filter((el) => el.offsetParent !== null);
      keepTabInside(e, items);
    };
    document.addEventListener('keydown', onKey);
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      observer?.disconnect();
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = prevOverflow;
    };
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={onClose} data-testid="login-panel-backdrop">
      <div ref={panel} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {t('panelTitle')}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <LoginForm variant="panel" idPrefix="login-panel" googleClientId={googleClientId} onSuccess={onDone} onNavigate={onDone} />
      </div>
    </div>
  );
}
