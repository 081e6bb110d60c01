/**
 * 404 illustration: an incense stick in its holder whose smoke curls into a question mark.
 * Inline SVG (no extra request); labelled by the caller's alt text.
 */
export function NotFoundIllustration({ label, className }: { label: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 320 260" width="320" height="260" role="img" aria-label={label}>
      <defs>
        <radialGradient id="nf-glow" cx="50%" cy="45%" r="55%">
          <stop offset="0%" stopColor="#f6e3c2" />
          <stop offset="100%" stopColor="#fbf6ee" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="160" cy="120" r="118" fill="url(#nf-glow)" />
      {/* smoke forming a question mark */}
      <path
        d="M128 92c0-26 18-44 42-44s40 16 40 36c0 22-20 30-30 40-8 8-10 16-10 26"
        fill="none"
        stroke="#5b2a4e"
        strokeOpacity="0.55"
        strokeWidth="9"
        strokeLinecap="round"
      />
      <path d="M170 170c-6 6 6 12 0 18" fill="none" stroke="#5b2a4e" strokeOpacity="0.35" strokeWidth="5" strokeLinecap="round" />
      {/* ember and stick */}
      <circle cx="171" cy="196" r="5" fill="#d98e2b" />
      <circle cx="171" cy="196" r="9" fill="#d98e2b" fillOpacity="0.25" />
      <rect x="168" y="198" width="6" height="36" rx="2" fill="#7a4a2a" transform="rotate(8 171 216)" />
      {/* holder */}
      <path d="M104 236c18-10 94-10 112 0 4 2 2 8-3 8H107c-5 0-7-6-3-8z" fill="#a4471f" />
      <ellipse cx="160" cy="236" rx="30" ry="5" fill="#8e3b18" />
      {/* sparkles */}
      <path d="M76 70l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#d98e2b" fillOpacity="0.8" />
      <path d="M250 150l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#a4471f" fillOpacity="0.7" />
      <circle cx="240" cy="60" r="4" fill="#5b2a4e" fillOpacity="0.4" />
    </svg>
  );
}
