'use client';
import { useEffect } from 'react';
import { useParams } from 'next/navigation';
import { DEFAULT_LOCALE, isLocale, localizedPath, type Locale } from '@/lib/locales';

/** Texts of the last-resort error page (the root layout itself failed, so no i18n provider exists). */
const TEXTS: Record<Locale, { title: string; text: string; retry: string; home: string }> = {
  es: {
    title: 'Algo salió mal',
    text: 'No pudimos cargar esta página. Puede ser un problema momentáneo: probá de nuevo en unos segundos.',
    retry: 'Reintentar',
    home: 'Volver al inicio',
  },
  en: {
    title: 'Something went wrong',
    text: 'We could not load this page. It may be a temporary problem: please try again in a few seconds.',
    retry: 'Try again',
    home: 'Back to the home page',
  },
  'pt-BR': {
    title: 'Algo deu errado',
    text: 'Não conseguimos carregar esta página. Pode ser um problema momentâneo: tente de novo em alguns segundos.',
    retry: 'Tentar de novo',
    home: 'Voltar ao início',
  },
};

/** Replaces the root layout when it fails (spec §2 something-went-wrong page). Self-contained styles. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const params = useParams<{ locale?: string }>();
  const locale = isLocale(params?.locale) ? params.locale : DEFAULT_LOCALE;
  const t = TEXTS[locale];
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <html lang={locale}>
      <body
        style={{
          margin: 0,
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          background: '#fbf6ee',
          color: '#2b2118',
          fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
          textAlign: 'center',
          padding: '24px',
        }}
      >
        <title>{`Aromas del Alma | ${t.title}`}</title>
        <meta name="robots" content="noindex" />
        <main>
          <p style={{ fontFamily: 'Georgia, serif', fontWeight: 700, fontSize: '1.3rem', color: '#a4471f' }}>Aromas del Alma</p>
          <h1 style={{ fontFamily: 'Georgia, serif', color: '#5b2a4e' }}>{t.title}</h1>
          <p style={{ maxWidth: '48ch', margin: '0 auto 24px', color: '#6b5a4c' }}>{t.text}</p>
          <button
            type="button"
            onClick={() => retry()}
            style={{
              minHeight: 44,
              padding: '8px 24px',
              border: 0,
              borderRadius: 999,
              background: '#a4471f',
              color: '#fff',
              fontWeight: 600,
              fontSize: '1rem',
              cursor: 'pointer',
              marginRight: 12,
            }}
          >
            {t.retry}
          </button>
          {/* A full page load on purpose: the app failed, start it afresh. */}
          <a href={localizedPath(locale, '/')} style={{ color: '#a4471f', fontWeight: 600 }}>
            {t.home}
          </a>
        </main>
      </body>
    </html>
  );
}
