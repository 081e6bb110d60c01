/**
 * Keeps Tab inside a modal dialog (call it on a Tab keydown): past the last of `items` back to the first,
 * and with Shift before the first to the last.
 */
export function keepTabInside(e: KeyboardEvent, items: readonly HTMLElement[]): void {
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
