/**
 * 404 illustration: an incense stick in its holder whose smoke curls into a question mark
 * (public/images/not-found.svg). A file, not inline SVG: Next puts the layout's not-found screen in the
 * RSC payload of every page, so an inline drawing cost every page 1.6 kB; the file costs only the 404.
 * loading="lazy": an eager <img> there also made React put a preload of the file in every page's head.
 */
export function NotFoundIllustration({ label, className }: { label: string; className?: string }) {
  return <img className={className} src="/images/not-found.svg" alt={label} width={320} height={260} loading="lazy" />;
}
