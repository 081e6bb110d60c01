'use client';

/**
 * The desktop login side panel of the top bar (spec §2 Top bar): a button that opens a panel from the
 * right with the login form. Renders nothing until the startup session check has answered, and
 * nothing when logged in (the header then shows the logged-in variant).
 *
 * Mount it inside <SessionProvider> (root layout). `googleClientId` may be passed by a server parent;
 * when omitted the panel asks the API once the panel is opened.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useSession } from '@/lib/session/SessionProvider';
import dynamic from 'next/dynamic';
import styles from './LoginPanel.module.css';

// The dialog and its form (react-hook-form + zod) load when the shopper reaches for the trigger: the
// trigger sits on every page (issue 25).
const loadDialog = () => import('./LoginDialog');
const LoginDialog = dynamic(() => loadDialog().then((m) => m.LoginDialog), { ssr: false });

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

  const close = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);

  if (status !== 'anonymous') return null;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={triggerClassName ?? styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
        data-login-trigger=""
      >
        <UserIcon />
        <span>{t('open')}</span>
      </button>
      {open ? <LoginDialog googleClientId={googleClientId} onClose={close} onDone={() => setOpen(false)} /> : null}
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

