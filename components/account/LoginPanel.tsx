'use client';

/**
 * The desktop login side panel of the top bar (spec §2 Top bar): a button that opens a panel from the
 * right with the login form. Renders nothing until the startup session check has answered, and
 * nothing when logged in (the header then shows the logged-in variant).
 *
 * Mount it inside <SessionProvider> (root layout). `googleClientId` may be passed by a server parent;
 * when omitted the panel asks the API once the panel is opened.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useSession } from '@/lib/session/SessionProvider';
import dynamic from 'next/dynamic';

// The form (react-hook-form + zod) loads only when the panel opens: the trigger sits on every page.
const LoginForm = dynamic(() => import('./LoginForm').then((m) => m.LoginForm), { ssr: false });
import styles from './LoginPanel.module.css';

export interface LoginPanelProps {
  googleClientId?: string | null;
  /** class for the trigger button (to match the top bar) */
  triggerClassName?: string;
}

export function LoginPanel({ googleClientId, triggerClassName }: LoginPanelProps) {
  const t = useTranslations('account.login');
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const close = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    // Focus the e-mail field (the first input), not the close button. The form is loaded lazily, so
    // wait for its first input to appear.
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
        close();
        return;
      }
      if (e.key !== 'Tab' || !panel.current) return;
      // Keep focus inside the dialog.
      const items = Array.from(
        panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), iframe'),
      ).filter((el) => el.offsetParent !== null);
      if (items.length === 0) return;
      const firstEl = items[0];
      const lastEl = items[items.length - 1];
      if (e.shiftKey && document.activeElement === firstEl) {
        e.preventDefault();
        lastEl.focus();
      } else if (!e.shiftKey && document.activeElement === lastEl) {
        e.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      observer?.disconnect();
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = prevOverflow;
    };
  }, [open, close]);

  if (status !== 'anonymous') return null;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={triggerClassName ?? styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-login-trigger=""
      >
        <UserIcon />
        <span>{t('open')}</span>
      </button>
      {open ? (
        <div className={styles.backdrop} onClick={close} data-testid="login-panel-backdrop">
          <div
            ref={panel}
            className={styles.panel}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            onClick={(e) => e.stopPropagation()}
          >
            <div className={styles.head}>
              <h2 id={titleId} className={styles.title}>
                {t('panelTitle')}
              </h2>
              <button type="button" className={styles.close} onClick={close} aria-label={t('close')}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <LoginForm
              variant="panel"
              idPrefix="login-panel"
              googleClientId={googleClientId}
              onSuccess={() => setOpen(false)}
              onNavigate={() => setOpen(false)}
            />
          </div>
        </div>
      ) : null}
    </>
  );
}

function UserIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}

