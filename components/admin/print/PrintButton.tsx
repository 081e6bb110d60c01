'use client';

/** Opens the browser's print dialog (the page's print stylesheet leaves only the documents). */
export function PrintButton({ label, className }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => window.print()} data-testid="print-button">
      {label}
    </button>
  );
}
