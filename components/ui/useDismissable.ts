'use client';
import { useEffect, useRef, useState } from 'react';

/**
 * Open/closed state of a popup shown from a button (a menu, a popover). While it is open, Escape closes it
 * and gives the focus back to the button, and a pointer down outside `rootRef` closes it. Put `rootRef` on the
 * element that holds both the button and the popup, and spread `trigger` on the button.
 */
export function useDismissable<R extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<R | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  /** The props of the button that opens and closes it. */
  const trigger = { ref: button, 'aria-expanded': open, onClick: () => setOpen((o) => !o) };
  return { open, setOpen, rootRef, trigger };
}
