export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps over the top bar to <main>. */
export function SkipLink({ label }: { label: string }) {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link">
      {label}
    </a>
  );
}
