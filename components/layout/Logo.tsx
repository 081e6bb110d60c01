import styles from './Logo.module.css';

/** The shop's mark: a candle flame over a small dish, cream on terracotta. Decorative (name is beside it). */
export function LogoMark({ className, size = 40 }: { className?: string; size?: number }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="#a4471f" />
      <path
        d="M24 8.5c3.6 4.9 8.2 8.6 8.2 14.6 0 5.1-3.7 8.6-8.2 8.6s-8.2-3.5-8.2-8.6c0-3.7 2-6.4 4-8.3.2 2.8 1.3 4.4 3.1 5.1.9-3.4 1.1-7.1 1.1-11.4z"
        fill="#fbf6ee"
      />
      <path d="M24 21.8c1.7 2.1 3.1 3.6 3.1 5.6a3.1 3.1 0 0 1-6.2 0c0-1.9 1.4-3.4 3.1-5.6z" fill="#e9a94f" />
      <rect x="15.5" y="34.5" width="17" height="3.4" rx="1.7" fill="#fbf6ee" />
    </svg>
  );
}

/** Mark + wordmark. `tone="light"` for dark backgrounds (footer). */
export function Logo({
  tone = 'dark',
  tagline,
  taglineClassName,
}: {
  tone?: 'dark' | 'light';
  tagline?: string;
  taglineClassName?: string;
}) {
  return (
    <span className={[styles.logo, tone === 'light' ? styles.light : ''].join(' ')}>
      <LogoMark className={styles.mark} />
      <span className={styles.text}>
        <span className={styles.name}>Aromas del Alma</span>
        {tagline ? <span className={[styles.tagline, taglineClassName].filter(Boolean).join(' ')}>{tagline}</span> : null}
      </span>
    </span>
  );
}
