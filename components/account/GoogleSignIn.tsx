'use client';

/**
 * "Sign in with Google" (spec §2 Login: a third-party identity sign-in). Shown only when the API has a
 * Google client id (GOOGLE_CLIENT_ID): the id is given by the page or asked at run time from
 * GET api/auth/providers. Google Identity Services returns an ID token (`credential`), which the API
 * verifies (POST auth/google) and answers with a session.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useMessages } from '@/components/toast/MessagesProvider';
import type { AuthProviders, SessionAnswer } from '@/lib/contracts/account';
import { useAccountApi, useServerError } from './hooks';
import styles from './account.module.css';
import { apiPaths } from '@/lib/api/paths';

const GIS_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleId {
  initialize(options: { client_id: string; callback: (r: { credential?: string }) => void; ux_mode?: 'popup' }): void;
  renderButton(
    el: HTMLElement,
    options: { theme?: string; size?: string; text?: string; shape?: string; width?: number; locale?: string },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

let gisPromise: Promise<GoogleId> | null = null;

function loadGis(): Promise<GoogleId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  gisPromise ??= new Promise<GoogleId>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = GIS_SRC;
    s.async = true;
    s.defer = true;
    s.onload = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('gis')));
    s.onerror = () => {
      gisPromise = null;
      reject(new Error('gis'));
    };
    document.head.appendChild(s);
  });
  return gisPromise;
}

const providersCache = new Map<string, Promise<string | null>>();

export interface GoogleSignInProps {
  clientId?: string | null;
  onSession: (data: SessionAnswer, message: string | null) => void;
  variant?: 'page' | 'panel';
}

export function GoogleSignIn({ clientId, onSession, variant = 'page' }: GoogleSignInProps) {
  const t = useTranslations('account');
  const locale = useLocale();
  const api = useAccountApi();
  const serverError = useServerError();
  const { notify } = useMessages();
  const [resolved, setResolved] = useState<string | null>(clientId ?? null);
  const box = useRef<HTMLDivElement>(null);
  const onSessionRef = useRef(onSession);
  useEffect(() => {
    onSessionRef.current = onSession;
  }, [onSession]);

  // Ask the API whether Google sign-in is configured when the page did not say.
  useEffect(() => {
    if (clientId !== undefined) return;
    let cancelled = false;
    const key = 'providers';
    let p = providersCache.get(key);
    if (!p) {
      p = api<AuthProviders>(apiPaths.authProviders).then((r) => (r.ok ? (r.data?.google?.clientId ?? null) : null));
      providersCache.set(key, p);
    }
    void p.then((id) => {
      if (!cancelled) setResolved(id);
    });
    return () => {
      cancelled = true;
    };
  }, [clientId, api]);

  useEffect(() => {
    const id = clientId ?? resolved;
    if (!id || !box.current) return;
    let cancelled = false;
    loadGis()
      .then((gis) => {
        if (cancelled || !box.current) return;
        gis.initialize({
          client_id: id,
          ux_mode: 'popup',
          callback: async ({ credential }) => {
            if (!credential) return;
            const res = await api<SessionAnswer>('auth/google', { method: 'POST', body: { credential } });
            if (res.ok && res.data?.token) onSessionRef.current(res.data, res.message);
            else notify('ERROR', res.status === 0 ? t('google.error') : serverError(res, t('google.error')));
          },
        });
        gis.renderButton(box.current, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          width: variant === 'panel' ? 280 : 320,
          locale: locale === 'pt-BR' ? 'pt-BR' : locale,
        });
      })
      .catch(() => {
        /* script blocked or offline: the e-mail form still works */
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, resolved, api, locale, notify, serverError, t, variant]);

  if (!(clientId ?? resolved)) return null;
  return (
    <div>
      <p className={styles.divider}>{t('login.or')}</p>
      <div ref={box} className={styles.google} aria-label={t('google.button')} role="group" data-google-signin="" />
    </div>
  );
}
